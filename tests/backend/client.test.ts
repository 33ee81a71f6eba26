/* The in-memory backend driven by unmodified Node ConvexClients over real WebSockets. */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { ConvexHttpClient, type ConvexClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import { ConvexError } from "convex/values";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callOf, makeDemoJwt, type BackendHandle } from "../../dev/backend/server";
import { client, startFixture, until, fixture } from "./helpers";

const query = (name: string) => makeFunctionReference<"query">(name);
const mutation = (name: string) => makeFunctionReference<"mutation">(name);
const action = (name: string) => makeFunctionReference<"action">(name);
type Page = { page: { n: number }[] } | undefined;

let backend: BackendHandle;
let logs: string[];
const clients: ConvexClient[] = [];
const newClient = () => {
  const c = client(backend);
  clients.push(c);
  return c;
};

beforeAll(async () => {
  ({ backend, logs } = await startFixture({
    seed: callOf(fixture.seed.defaults, { body: "seeded" }),
  }));
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await backend.stop();
});

async function caught(p: Promise<unknown>): Promise<Error & { data?: unknown }> {
  try {
    await p;
  } catch (e) {
    return e as Error & { data?: unknown };
  }
  throw new Error("expected a rejection");
}

describe("queries and mutations", () => {
  it("serves the seeded data", async () => {
    expect(await newClient().query(query("messages:list"), {})).toContain("seeded");
  });

  it("updates a subscription after a mutation from a second client", async () => {
    const [a, b] = [newClient(), newClient()];
    const seen: string[][] = [];
    a.onUpdate(query("messages:list"), {}, (v: string[]) => seen.push(v));
    await until(() => seen.length > 0);
    await b.mutation(mutation("messages:send"), { body: "from-b" });
    await until(() => seen.at(-1)?.includes("from-b"));
  });

  it("shows a mutation's write in the subscription by the time the mutation resolves", async () => {
    const a = newClient();
    const sub = a.onUpdate(query("messages:list"), {}, () => {});
    await until(() => sub.getCurrentValue() !== undefined);
    for (const body of ["ryw-1", "ryw-2", "ryw-3"]) {
      await a.mutation(mutation("messages:send"), { body });
      expect(sub.getCurrentValue()).toContain(body);
    }
  });

  it("keeps a paginated page's end pinned by the journal when rows before it go away", async () => {
    for (const n of [1, 2, 3, 4]) await backend.runInternal(fixture.items.add, { n });
    const a = newClient();
    const sub = a.onUpdate(
      query("messages:page"),
      { paginationOpts: { numItems: 2, cursor: null } },
      () => {},
    );
    const first = await until(() => sub.getCurrentValue() as Page);
    expect(first.page.map((i) => i.n)).toEqual([1, 2]);
    await backend.runInternal(fixture.items.removeFirst);
    // Without the journal the page would slide to [2, 3] and row 3 would show on two pages.
    await until(() => (sub.getCurrentValue() as NonNullable<Page>).page.length === 1);
    expect((sub.getCurrentValue() as NonNullable<Page>).page.map((i) => i.n)).toEqual([2]);
  });
});

describe("auth", () => {
  it("accepts an unsigned demo JWT, confirms it, and logs out again", async () => {
    const a = newClient();
    const who: unknown[] = [];
    a.onUpdate(query("messages:whoami"), {}, (v: unknown) => who.push(v));
    await until(() => who.length > 0);
    expect(who.at(-1)).toBeNull();

    const authStates: boolean[] = [];
    const token = makeDemoJwt({
      iss: "https://demo.local",
      sub: "user_1",
      name: "Ада",
      role: "admin",
    });
    a.setAuth(
      async () => token,
      (ok) => authStates.push(ok),
    );
    await until(() => authStates.includes(true));
    await until(() => who.at(-1) !== null);
    expect(who.at(-1)).toEqual({
      tokenIdentifier: "https://demo.local|user_1",
      name: "Ада",
      role: "admin",
    });

    a.client.clearAuth();
    await until(() => who.at(-1) === null);
  });

  it("reports a malformed token as an auth failure", async () => {
    const a = newClient();
    const authStates: boolean[] = [];
    a.setAuth(
      async () => "not-a-jwt",
      (ok) => authStates.push(ok),
    );
    await until(() => authStates.includes(false));
    expect(authStates).not.toContain(true);
    expect(logs.some((l) => l.startsWith("auth rejected"))).toBe(true);
  });
});

describe("visibility and errors", () => {
  it("refuses internal functions and wrong-kind calls", async () => {
    const a = newClient();
    expect((await caught(a.query(query("messages:secret"), {}))).message).toMatch(
      /Could not find public function/,
    );
    expect(
      (await caught(a.mutation(mutation("messages:internalSend"), { body: "x" }))).message,
    ).toMatch(/Could not find public/);
    expect((await caught(a.query(query("messages:send"), { body: "x" }))).message).toMatch(
      /defined as Mutation/,
    );
  });

  it("carries ConvexError data for queries, mutations and actions", async () => {
    const a = newClient();
    const q = await caught(a.query(query("messages:failQuery"), {}));
    expect(q).toBeInstanceOf(ConvexError);
    expect(q.data).toEqual({ code: "Q_FAILED" });
    expect((await caught(a.mutation(mutation("messages:failMutation"), {}))).data).toEqual({
      code: "M_FAILED",
      n: 1,
    });
    expect((await caught(a.action(action("messages:failAction"), {}))).data).toBe("A_FAILED");
  });

  it("survives a throwing function and logs it", async () => {
    const a = newClient();
    expect((await caught(a.mutation(mutation("messages:crash"), {}))).message).toMatch(/boom/);
    expect(logs.some((l) => /mutation messages:crash failed: boom/.test(l))).toBe(true);
    expect(await a.query(query("messages:list"), {})).toContain("seeded");
  });
});

describe("actions, scheduler, crons, components", () => {
  it("runs an action whose fetch reaches a loopback server; its runMutation reaches subscribers", async () => {
    const server = http.createServer((_req, res) => res.end("pong"));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      const [a, b] = [newClient(), newClient()];
      const seen: string[][] = [];
      b.onUpdate(query("messages:list"), {}, (v: string[]) => seen.push(v));
      expect(await a.action(action("messages:fetchUrl"), { url })).toBe("pong");
      await until(() => seen.at(-1)?.includes("fetched:pong"));
    } finally {
      server.close();
    }
  });

  it("delivers a scheduled function's write to subscribers", async () => {
    const a = newClient();
    const seen: string[][] = [];
    a.onUpdate(query("messages:list"), {}, (v: string[]) => seen.push(v));
    const before = backend.counts().scheduled;
    await a.mutation(mutation("messages:sendLater"), { body: "later", delayMs: 50 });
    expect(backend.counts().scheduled).toBe(before + 1);
    await until(() => seen.at(-1)?.includes("later"));
  });

  it("runs the fixture's interval cron and updates subscribers", async () => {
    const a = newClient();
    const values: number[] = [];
    a.onUpdate(query("counters:get"), { name: "cron" }, (v: number) => values.push(v));
    await until(() => values.some((v) => v >= 1), 2500);
    expect(backend.counts().cron).toBeGreaterThanOrEqual(1);
  });

  it("registers the rate-limiter component from convex.config.ts", async () => {
    const a = newClient();
    expect(await a.mutation(mutation("limited:attempt"), { key: "k" })).toBe("ok");
    expect(await a.mutation(mutation("limited:attempt"), { key: "k" })).toBe("ok");
    const limited = await caught(a.mutation(mutation("limited:attempt"), { key: "k" }));
    expect(limited.data).toMatchObject({ kind: "RateLimited", name: "perKey" });
    expect(await a.mutation(mutation("limited:attempt"), { key: "other" })).toBe("ok");
  });
});

describe("HTTP surfaces and control", () => {
  it("serves HTTP actions on the site port with the router's CORS headers", async () => {
    const res = await fetch(`${backend.siteUrl}/hello?who=tester`);
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(await res.json()).toEqual({ hello: "tester" });
    expect((await fetch(`${backend.siteUrl}/nope`)).status).toBe(404);

    const post = await fetch(`${backend.siteUrl}/post`, { method: "POST", body: "via-http" });
    expect(post.status).toBe(204);
    expect(await newClient().query(query("messages:list"), {})).toContain("via-http");
  });

  it("answers ConvexHttpClient on the deployment port", async () => {
    const h = new ConvexHttpClient(backend.url);
    expect(await h.query(query("messages:list"), {})).toContain("seeded");
    expect(
      ((await caught(h.mutation(mutation("messages:failMutation"), {}))) as ConvexError<string>)
        .data,
    ).toEqual({
      code: "M_FAILED",
      n: 1,
    });
  });

  it("answers a browser page's HTTP query as a deployment does: preflight, then the documented form", async () => {
    const origin = "http://127.0.0.1:4173";
    const preflight = await fetch(`${backend.url}/api/query`, {
      method: "OPTIONS",
      headers: {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(origin);
    expect(preflight.headers.get("access-control-allow-headers")).toBe("content-type");
    const res = await fetch(`${backend.url}/api/query`, {
      method: "POST",
      headers: { origin, "content-type": "application/json" },
      body: JSON.stringify({ path: "messages:list", args: {}, format: "json" }),
    });
    expect(res.headers.get("access-control-allow-origin")).toBe(origin);
    const body = (await res.json()) as { status: string; value: string[] };
    expect(body.status).toBe("success");
    expect(body.value).toContain("seeded");
  });

  it("runs internal functions for tests and counts every execution by kind", async () => {
    backend.resetCounts();
    await backend.runInternal(fixture.messages.internalSend, { body: "internal" });
    expect(await backend.runInternal(fixture.messages.secret)).toBe("secret");
    const c = backend.counts();
    expect(c.mutation).toBe(1);
    expect(c.query).toBeGreaterThanOrEqual(1);
    expect(c.total).toBe(
      c.query + c.mutation + c.action + c.scheduled + c.cron + c.http + c.nested,
    );
  });
});
