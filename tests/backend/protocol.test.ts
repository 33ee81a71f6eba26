/* Wire-level behaviour ConvexClient hides: version chains, replays after reconnect, bad input, pings. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeDemoJwt, type BackendHandle } from "../../dev/backend/server";
import { RawSocket, startFixture, tsOf, type ServerMsg, fixture } from "./helpers";

let backend: BackendHandle;
const sockets: RawSocket[] = [];
const open = async (sessionId?: string) => {
  const s = await RawSocket.open(backend, sessionId);
  sockets.push(s);
  return s;
};

beforeAll(async () => {
  ({ backend } = await startFixture({ crons: false, pingIntervalMs: 50 }));
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await backend.stop();
});

const addList = (baseVersion: number, queryId: number) => ({
  type: "ModifyQuerySet",
  baseVersion,
  newVersion: baseVersion + 1,
  modifications: [{ type: "Add", queryId, udfPath: "messages:list", args: [{}] }],
});
const sendMutation = (requestId: number, body: string) => ({
  type: "Mutation",
  requestId,
  udfPath: "messages:send",
  args: [{ body }],
});
const transitions = (s: RawSocket) => s.messages.filter((m) => m.type === "Transition");
type Version = { querySet: number; identity: number; ts: string };
const countBodies = async (body: string) =>
  (await backend.t.run(async (ctx) => ctx.db.query("messages").collect())).filter(
    (m) => m.body === body,
  ).length;

describe("sync protocol", () => {
  it("chains versions exactly and answers a mutation before the Transition that reflects it", async () => {
    const s = await open();
    s.send(addList(0, 0));
    const first = await s.next((m) => m.type === "Transition");
    expect(first.startVersion).toEqual({ querySet: 0, identity: 0, ts: "AAAAAAAAAAA=" });
    expect((first.endVersion as Version).querySet).toBe(1);

    s.send(sendMutation(0, "wire"));
    const resp = await s.next((m) => m.type === "MutationResponse");
    expect(resp.success).toBe(true);
    const reflecting = await s.next(
      (m) => m.type === "Transition" && tsOf((m.endVersion as Version).ts) >= tsOf(resp.ts),
    );
    expect(s.messages.indexOf(resp)).toBeLessThan(s.messages.indexOf(reflecting));
    expect(JSON.stringify(reflecting.modifications)).toContain("wire");
    const all = transitions(s);
    for (let i = 1; i < all.length; i++) {
      expect(all[i]!.startVersion).toEqual(all[i - 1]!.endVersion);
    }
  });

  it("sends only changed results, and nothing to sockets whose queries a write did not touch", async () => {
    const s = await open();
    s.send(addList(0, 0));
    await s.next((m) => m.type === "Transition");
    const before = s.messages.length;
    await backend.runInternal(fixture.items.add, { n: 1 });
    await new Promise((r) => setTimeout(r, 100));
    expect(s.messages.slice(before).filter((m) => m.type === "Transition")).toEqual([]);

    s.send({
      type: "ModifyQuerySet",
      baseVersion: 1,
      newVersion: 2,
      modifications: [{ type: "Remove", queryId: 0 }],
    });
    const removed = await s.next(
      (m) => m.type === "Transition" && (m.endVersion as Version).querySet === 2,
    );
    expect(removed.modifications).toEqual([{ type: "QueryRemoved", queryId: 0 }]);
  });

  it("does not execute a mutation twice when it is replayed on a new socket of the same session", async () => {
    const sessionId = crypto.randomUUID();
    const a = await open(sessionId);
    a.send(sendMutation(7, "once"));
    const first = await a.next((m) => m.type === "MutationResponse");
    a.close();

    const b = await open(sessionId);
    b.send(sendMutation(7, "once"));
    const replay = await b.next((m) => m.type === "MutationResponse");
    expect(replay).toMatchObject({
      requestId: 7,
      success: true,
      result: first.result,
      ts: first.ts,
    });
    // A fresh socket starts at ts 0, so it still needs a Transition to resolve the promise.
    await b.next(
      (m) => m.type === "Transition" && tsOf((m.endVersion as Version).ts) >= tsOf(first.ts),
    );
    expect(await countBodies("once")).toBe(1);
  });

  it("does not double-execute a mutation whose socket died mid-flight", async () => {
    const sessionId = crypto.randomUUID();
    const a = await open(sessionId);
    a.send(sendMutation(1, "mid-flight"));
    a.close();
    const b = await open(sessionId);
    b.send(sendMutation(1, "mid-flight"));
    await b.next((m) => m.type === "MutationResponse");
    expect(await countBodies("mid-flight")).toBe(1);
  });

  it("bumps the identity version on Authenticate and rejects a bad token with AuthError", async () => {
    const s = await open();
    s.send({
      type: "Authenticate",
      tokenType: "User",
      value: makeDemoJwt({ sub: "u" }),
      baseVersion: 0,
    });
    const t = await s.next((m) => m.type === "Transition");
    expect((t.endVersion as Version).identity).toBe(1);

    s.send({ type: "Authenticate", tokenType: "User", value: "x.y.z", baseVersion: 1 });
    expect(await s.next((m) => m.type === "AuthError")).toMatchObject({
      baseVersion: 1,
      authUpdateAttempted: true,
    });

    const expired = makeDemoJwt({ sub: "u" }, -60);
    s.send({ type: "Authenticate", tokenType: "User", value: expired, baseVersion: 1 });
    await s.next((m) => m.type === "AuthError" && /expired/.test(String(m.error)));

    s.send({ type: "Authenticate", tokenType: "None", baseVersion: 1 });
    await s.next((m) => m.type === "Transition" && (m.endVersion as Version).identity === 2);
  });

  it("ignores malformed messages and keeps serving the same socket", async () => {
    const s = await open();
    s.send("{not json");
    s.send({ type: "Bogus" });
    s.send({ type: "Mutation", requestId: 1, udfPath: "messages:send", args: [{ body: 5 }] });
    const bad = await s.next((m) => m.type === "MutationResponse");
    expect(bad.success).toBe(false);
    s.send(addList(0, 0));
    const ok = await s.next((m) => m.type === "Transition");
    expect((ok.modifications as ServerMsg[])[0]?.type).toBe("QueryUpdated");
  });

  it("closes with FatalError on a query-set version mismatch, and the server lives on", async () => {
    const s = await open();
    s.send(addList(5, 0));
    await s.next((m) => m.type === "FatalError");
    const t = await open();
    t.send(addList(0, 0));
    await t.next((m) => m.type === "Transition");
  });

  it("pings idle sockets", async () => {
    const s = await open();
    await s.next((m) => m.type === "Ping");
  });

  it("refuses WebSocket upgrades outside /api/<version>/sync", async () => {
    const { default: WebSocket } = await import("ws");
    const ws = new WebSocket(`${backend.url.replace(/^http/, "ws")}/elsewhere`);
    await new Promise<void>((resolve) =>
      ws.once("error", () => resolve()).once("close", () => resolve()),
    );
    expect(ws.readyState).not.toBe(WebSocket.OPEN);
  });
});
