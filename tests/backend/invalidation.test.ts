/*
 * Subscriptions rerun only when a write can change what they read, as on real Convex: index
 * ranges and document ids, not whole tables. Each test watches a query next to a probe query;
 * once the probe shows a write, the flush that handled every earlier write is done, so
 * `counts().query` (executions since the reset) tells exactly which subscriptions reran.
 */
import path from "node:path";
import type { ConvexClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { makeDemoJwt, startBackend, type BackendHandle } from "../../dev/backend/server";
import { client, startFixture, until, fixture } from "./helpers";

const query = (name: string) => makeFunctionReference<"query">(name);

let backend: BackendHandle;
let clients: ConvexClient[] = [];
const newClient = (b = backend) => {
  const c = client(b);
  clients.push(c);
  return c;
};
const set = (serverId: string, value: number) =>
  backend.runInternal(fixture.ranges.setSnapshot, { serverId, value });
const queryRuns = () => backend.counts().query;

beforeAll(async () => {
  ({ backend } = await startFixture({ crons: false }));
});

afterEach(async () => {
  await Promise.all(clients.map((c) => c.close()));
  clients = [];
});

afterAll(async () => {
  await backend.stop();
});

describe("range-based invalidation (fixture)", () => {
  it("a write to server2's row reruns no query that read only server1's row by index eq", async () => {
    await set("s1", 1);
    await set("s2", 1);
    const c = newClient();
    const s1 = c.onUpdate(query("ranges:snapshotOf"), { serverId: "s1" }, () => {});
    const s2 = c.onUpdate(query("ranges:snapshotOf"), { serverId: "s2" }, () => {});
    await until(() => s1.getCurrentValue() === 1 && s2.getCurrentValue() === 1);

    backend.resetCounts();
    await set("s3", 1); // a new row outside both ranges
    await set("s2", 2);
    await until(() => s2.getCurrentValue() === 2);
    expect(queryRuns()).toBe(1); // server2's query only

    await set("s1", 2);
    await until(() => s1.getCurrentValue() === 2);
    expect(queryRuns()).toBe(2);
  });

  it("a write that moves a document into or out of a .gt range reruns the query; one outside does not", async () => {
    const now = 1_000_000;
    const c = newClient();
    const active = c.onUpdate(query("ranges:activeAfter"), { now }, () => {});
    const probe = c.onUpdate(query("ranges:snapshotOf"), { serverId: "probe" }, () => {});
    await until(() => active.getCurrentValue() !== undefined && probe.getCurrentValue() === null);
    const viewers = () => active.getCurrentValue() as string[];

    backend.resetCounts();
    const gone = await backend.runInternal(fixture.ranges.addPresence, {
      viewer: "gone",
      expiresAt: now - 1,
    });
    await backend.runInternal(fixture.ranges.addPresence, { viewer: "edge", expiresAt: now }); // gt: excluded
    await set("probe", 1);
    await until(() => probe.getCurrentValue() === 1);
    expect(queryRuns()).toBe(1); // the probe only

    const here = await backend.runInternal(fixture.ranges.addPresence, {
      viewer: "here",
      expiresAt: now + 45_000,
    });
    await until(() => viewers().includes("here"));
    expect(queryRuns()).toBe(2);

    await backend.runInternal(fixture.ranges.movePresence, { id: gone, expiresAt: now + 1 }); // into
    await until(() => viewers().includes("gone"));
    expect(queryRuns()).toBe(3);

    await backend.runInternal(fixture.ranges.movePresence, { id: here, expiresAt: now - 5 }); // out of
    await until(() => !viewers().includes("here"));
    expect(queryRuns()).toBe(4);
    expect(viewers()).toEqual(["gone"]);
  });

  it("db.get of a document reruns on its patch and delete, not on another document's write", async () => {
    const a = await set("get-a", 1);
    const b = await set("get-b", 1);
    const c = newClient();
    const getA = c.onUpdate(query("ranges:byId"), { id: a }, () => {});
    const getB = c.onUpdate(query("ranges:byId"), { id: b }, () => {});
    await until(() => getA.getCurrentValue() === 1 && getB.getCurrentValue() === 1);

    backend.resetCounts();
    await set("get-b", 2);
    await until(() => getB.getCurrentValue() === 2);
    expect(queryRuns()).toBe(1);

    await set("get-a", 2);
    await until(() => getA.getCurrentValue() === 2);
    expect(queryRuns()).toBe(2);

    await backend.runInternal(fixture.ranges.removeSnapshot, { id: a });
    await until(() => getA.getCurrentValue() === null);
    expect(queryRuns()).toBe(3);
  });

  it("a full-table read reruns on any write to its table, even one that leaves its value alone", async () => {
    await set("scan", 1);
    const c = newClient();
    const total = c.onUpdate(query("ranges:total"), {}, () => {});
    const probe = c.onUpdate(query("ranges:snapshotOf"), { serverId: "scan" }, () => {});
    await until(() => typeof total.getCurrentValue() === "number" && probe.getCurrentValue() === 1);
    const rows = total.getCurrentValue();

    backend.resetCounts();
    await set("scan", 2);
    await until(() => probe.getCurrentValue() === 2);
    expect(queryRuns()).toBe(2); // the probe and the scan
    expect(total.getCurrentValue()).toBe(rows);
  });

  it("bounds reads of a component's tables too (rate-limiter buckets by key)", async () => {
    const c = newClient();
    const k1 = c.onUpdate(query("limited:tokens"), { key: "k1" }, () => {});
    const k2 = c.onUpdate(query("limited:tokens"), { key: "k2" }, () => {});
    await until(() => k1.getCurrentValue() === 2 && k2.getCurrentValue() === 2);

    backend.resetCounts();
    await backend.runInternal(fixture.limited.attempt, { key: "k2" });
    await until(() => k2.getCurrentValue() === 1);
    expect(queryRuns()).toBe(1);

    await backend.runInternal(fixture.limited.attempt, { key: "k1" });
    await until(() => k1.getCurrentValue() === 1);
    expect(queryRuns()).toBe(2);
  });
});

describe("range-based invalidation (the real app)", () => {
  let app: BackendHandle;

  beforeAll(async () => {
    app = await startBackend({
      convexDir: path.resolve(import.meta.dirname, "../../convex"),
      port: 0,
      httpPort: 0,
      crons: false,
      log: () => {},
    });
  });

  afterAll(async () => {
    await app?.stop();
  });

  it("live.status of server1 does not rerun when server2's status is written", async () => {
    const { servers, statuses } = await app.t.run(async (ctx) => {
      const servers = [];
      const statuses = [];
      for (const [order, key] of ["server1", "server2"].entries()) {
        const id = await ctx.db.insert("servers", {
          key,
          name: key,
          apiBaseUrl: "http://127.0.0.1:9",
          connectAddress: "127.0.0.1:9",
          connectionType: "HTTP",
          disabled: false,
          order,
        });
        servers.push(id);
        statuses.push(
          await ctx.db.insert("serverStatus", {
            serverId: id,
            online: false,
            livenessAt: 0,
            changedAt: 0,
          }),
        );
      }
      return { servers, statuses };
    });
    const setLiveness = (server: number, livenessAt: number) =>
      app.t.run(async (ctx) => {
        await ctx.db.patch("serverStatus", statuses[server]!, { livenessAt, online: true });
        return null;
      });
    const c = newClient(app);
    type Status = { livenessAt: number } | null | undefined;
    const [s1, s2] = servers.map((serverId) =>
      c.onUpdate(query("live:status"), { serverId }, () => {}),
    );
    const liveness = (s: typeof s1) => (s!.getCurrentValue() as Status)?.livenessAt;
    await until(() => liveness(s1) === 0 && liveness(s2) === 0);
    // One observed write first: the backend answers a session's transitions in order, so once this
    // one is seen, no rerun from the subscriptions' start can still land in the counted window.
    await setLiveness(1, 0.5);
    await until(() => liveness(s2) === 0.5);

    app.resetCounts();
    await setLiveness(1, 1);
    await until(() => liveness(s2) === 1);
    expect(app.counts().query).toBe(1);

    await setLiveness(0, 1);
    await until(() => liveness(s1) === 1);
    expect(app.counts().query).toBe(2);
  });

  it("a query that never reads the identity runs once for every signed-in and anonymous client; one that does, per identity", async () => {
    await set("mixed", 1);
    const signedIn = async (sub: string) => {
      const c = newClient();
      const ok: boolean[] = [];
      const token = makeDemoJwt({ iss: "https://demo.local", sub, name: sub });
      c.setAuth(
        async () => token,
        (state) => ok.push(state),
      );
      await until(() => ok.includes(true));
      return c;
    };
    const watchers = [newClient(), await signedIn("ada"), await signedIn("bob")];
    const snapshots = watchers.map((c) =>
      c.onUpdate(query("ranges:snapshotOf"), { serverId: "mixed" }, () => {}),
    );
    const whoami = watchers.map((c) => c.onUpdate(query("messages:whoami"), {}, () => {}));
    await until(() => snapshots.every((s) => s.getCurrentValue() === 1));
    const names = () =>
      whoami.map((w) => (w.getCurrentValue() as { name: string } | null | undefined)?.name);
    await until(() => names()[1] !== undefined && names()[2] !== undefined);
    // Each caller sees its own identity: a run that read it is never shared across identities.
    expect(names()).toEqual([undefined, "ada", "bob"]);

    backend.resetCounts();
    await set("mixed", 2);
    await until(() => snapshots.every((s) => s.getCurrentValue() === 2));
    expect(queryRuns()).toBe(3);
    expect(backend.sharedQueryHits()).toBe(2);
  });

  it("one write re-executes a query once for every client watching it, and bills every client", async () => {
    await set("shared", 1);
    const watchers = Array.from({ length: 5 }, () => newClient());
    const subs = watchers.map((c) =>
      c.onUpdate(query("ranges:snapshotOf"), { serverId: "shared" }, () => {}),
    );
    await until(() => subs.every((s) => s.getCurrentValue() === 1));

    backend.resetCounts();
    await set("shared", 2);
    await until(() => subs.every((s) => s.getCurrentValue() === 2));
    expect(queryRuns()).toBe(5);
    expect(backend.sharedQueryHits()).toBe(4);
  });
});
