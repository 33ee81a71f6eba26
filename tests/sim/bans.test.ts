import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type WireBanList, type WireCommandResult, type WireError } from "../../convex/lib/gameApi";
import { type SimHandle } from "../../dev/sim/simulator";
import { keyHeader, request, startTestSim } from "./helpers";

let sim: SimHandle;
const server = () => sim.servers[0]!;
const api = (path: string) => `${server().apiUrl}/private${path}`;
const call = <T = WireCommandResult>(path: string, body?: unknown, method?: string) =>
  request<T>(api(path), {
    headers: keyHeader(server()),
    ...(method ? { method } : {}),
    ...(body === undefined ? {} : { body }),
  });
const banlist = async () => (await call<WireBanList>("/banlist", undefined, "GET")).body.result;
const humans = () =>
  server()
    .world.connected()
    .filter((p) => !p.isBot && p.side !== "SPEC");

beforeAll(async () => {
  sim = await startTestSim();
});
afterAll(async () => {
  await sim.stop();
});

describe("bans", () => {
  it("a timed ban lists the player, kicks him and expires on time", async () => {
    const p = humans()[0]!;
    const res = await call(`/players/${p.steamId}/ban`, { duration: 30, reason: "wallhack" });
    expect(res.status).toBe(200);
    expect(res.body.result).toContain(`Banned ${p.name}`);
    expect(p.connected).toBe(false);
    const [ban] = await banlist();
    expect(ban).toMatchObject({ steamId: p.steamId, duration: "30", reason: "wallhack" });
    expect(Date.parse(ban!.expiresAt!) - Date.parse(ban!.bannedAt)).toBe(30 * 60_000);
    sim.skipTime(29 * 60_000);
    expect((await banlist()).map((b) => b.steamId)).toContain(p.steamId);
    sim.skipTime(2 * 60_000);
    expect((await banlist()).map((b) => b.steamId)).not.toContain(p.steamId);
  });

  it("duration 0 is permanent; a string duration is accepted", async () => {
    const p = humans()[0]!;
    await call(`/players/${p.steamId}/ban`, { duration: "0" });
    sim.skipTime(10 * 365 * 24 * 60 * 60_000);
    const ban = (await banlist()).find((b) => b.steamId === p.steamId);
    expect(ban).toMatchObject({ duration: "0", expiresAt: null });
    expect(ban).not.toHaveProperty("reason");
  });

  it("bans an id that is not on the server (ban by SteamID64)", async () => {
    const id = "76561198000000042";
    expect((await call(`/players/${id}/ban`, { duration: 5 })).status).toBe(200);
    expect((await banlist()).map((b) => b.steamId)).toContain(id);
  });

  it("rejects a missing or invalid duration and an invalid id", async () => {
    const id = "76561198000000043";
    expect((await call<WireError>(`/players/${id}/ban`, {})).body.error).toBe("Missing duration");
    expect((await call<WireError>(`/players/${id}/ban`, { duration: -1 })).body.error).toBe(
      "Invalid duration",
    );
    expect((await call<WireError>(`/players/${id}/ban`, { duration: 1.5 })).status).toBe(400);
    expect((await call(`/players/7656/ban`, { duration: 1 })).status).toBe(400);
  });

  it("unban: 400 without steamId, 404 when not banned, 200 removes the ban", async () => {
    expect((await call<WireError>("/unban", {})).body.error).toBe("Missing steamId");
    expect((await call("/unban", { steamId: "abc" })).status).toBe(400);
    expect((await call("/unban", { steamId: "76561198000000099" })).status).toBe(404);
    const res = await call("/unban", { steamId: "76561198000000042" });
    expect(res.body).toEqual({ success: true, result: "Unbanned 76561198000000042" });
    expect((await banlist()).map((b) => b.steamId)).not.toContain("76561198000000042");
  });

  it("css_ban over the console lands on the same list", async () => {
    const p = humans()[0]!;
    await call("/command", { command: `css_ban #${p.userId} 60 spinbot` });
    expect((await banlist()).find((b) => b.steamId === p.steamId)).toMatchObject({
      duration: "60",
      reason: "spinbot",
    });
  });

  it("a banned player does not reconnect on his own", async () => {
    const banned = new Set((await banlist()).map((b) => b.steamId));
    sim.advance(3000);
    const back = server()
      .world.connected()
      .filter((p) => banned.has(p.steamId));
    expect(back).toEqual([]);
  });
});
