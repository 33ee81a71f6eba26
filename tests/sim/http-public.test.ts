import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type WireError,
  type WireMatch,
  type WirePlayer,
  type WirePlayers,
  type WireStatus,
  type WireSummary,
} from "../../convex/lib/gameApi";
import { type SimHandle } from "../../dev/sim/simulator";
import { request, startTestSim } from "./helpers";

let sim: SimHandle;
const api = (path: string) => `${sim.servers[0]!.apiUrl}${path}`;

beforeAll(async () => {
  sim = await startTestSim();
  sim.advance(80);
});
afterAll(async () => {
  await sim.stop();
});

/** The match without its clocks, which count the part of a second since the last tick. */
function withoutClocks({ timeLeftSec: _t, bombTimeLeftSec: _b, ...rest }: WireMatch) {
  return rest;
}

describe("plugin HTTP API, public endpoints", () => {
  it("GET /status reports Online with server facts", async () => {
    const { status, body } = await request<WireStatus>(api("/status"));
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: "Online",
      serverName: "CS2 Sim #1",
      mapName: "de_mirage",
      maxPlayers: 12,
    });
    expect(body.passwordProtected).toBe(false);
    expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);
  });

  it("GET /match and /summary follow the world", async () => {
    const match = await request<WireMatch>(api("/match"));
    expect(withoutClocks(match.body)).toEqual(withoutClocks(sim.servers[0]!.world.wireMatch()));
    expect(match.body.round).toBeGreaterThan(0);
    const summary = await request<WireSummary>(api("/summary"));
    expect(summary.body.totalKills).toBeGreaterThan(0);
    expect(Object.keys(summary.body).sort()).toEqual([
      "totalBombsDefused",
      "totalBombsPlanted",
      "totalDamage",
      "totalDeaths",
      "totalKills",
      "totalPlayers",
    ]);
  });

  it("GET /players groups players by side with every WirePlayer field", async () => {
    const { body } = await request<WirePlayers>(api("/players"));
    expect(Object.keys(body).sort()).toEqual([
      "counterTerrorists",
      "offline",
      "spectators",
      "terrorists",
    ]);
    expect(body.terrorists.every((p) => p.team === "Terrorist")).toBe(true);
    expect(body.counterTerrorists.every((p) => p.team === "Counter-Terrorist")).toBe(true);
    expect(body.spectators.every((p) => p.team === "Spectator")).toBe(true);
    const p = body.terrorists[0]!;
    expect(Object.keys(p)).toHaveLength(24);
    expect(typeof p.steamId).toBe("string");
  });

  it("GET /players/{steamId}: 200, 400 for a bad id, 404 for an unknown one", async () => {
    const known = sim.servers[0]!.world.players[0]!;
    const ok = await request<WirePlayer>(api(`/players/${known.steamId}`));
    expect(ok.body).toMatchObject({ steamId: known.steamId, name: known.name });
    const bad = await request<WireError>(api("/players/12345"));
    expect(bad).toMatchObject({ status: 400, body: { error: "Invalid SteamID64" } });
    const missing = await request<WireError>(api("/players/76561198000000001"));
    expect(missing).toMatchObject({ status: 404, body: { error: "Player not found" } });
  });

  it("GET /search matches a name substring, case-insensitively; 400 without q", async () => {
    const target = sim.servers[0]!.world.players.find((p) => p.name.length > 3)!;
    const q = target.name.slice(1, 4).toUpperCase();
    const { body } = await request<WirePlayer[]>(api(`/search?q=${encodeURIComponent(q)}`));
    expect(body.map((p) => p.steamId)).toContain(target.steamId);
    expect(body.every((p) => p.name.toLowerCase().includes(q.toLowerCase()))).toBe(true);
    expect((await request<WireError>(api("/search"))).status).toBe(400);
    expect((await request<WireError>(api("/search?q=%20"))).body.error).toBe("Missing query");
  });

  it("GET /players/top/{criterion} sorts descending, 5 by default, honours limit", async () => {
    const top = await request<WirePlayer[]>(api("/players/top/kills"));
    expect(top.body).toHaveLength(5);
    const kills = top.body.map((p) => p.kills);
    expect(kills).toEqual([...kills].sort((a, b) => b - a));
    const kd = await request<WirePlayer[]>(api("/players/top/kdRatio?limit=2"));
    expect(kd.body).toHaveLength(2);
    expect(kd.body[0]!.kdRatio).toBeGreaterThanOrEqual(kd.body[1]!.kdRatio);
  });

  it("GET /players/top rejects unknown criteria and bad limits", async () => {
    const bad = await request<WireError>(api("/players/top/luck"));
    expect(bad.status).toBe(400);
    expect(bad.body.details).toContain("kills");
    expect((await request(api("/players/top/kills?limit=0"))).status).toBe(400);
    expect((await request(api("/players/top/kills?limit=abc"))).status).toBe(400);
  });

  it("answers unknown paths with JSON 404 and wrong methods with 405", async () => {
    expect(await request(api("/nope"))).toEqual({
      status: 404,
      body: { error: "Not found", details: "GET /api/nope" },
    });
    const wrong = await request<WireError>(api("/status"), { method: "DELETE" });
    expect(wrong).toMatchObject({ status: 405, body: { error: "Method not allowed" } });
  });

  it("uses the second server's own state", async () => {
    const { body } = await request<WireStatus>(`${sim.servers[1]!.apiUrl}/status`);
    expect(body).toMatchObject({ serverName: "CS2 Sim #2", mapName: "de_inferno" });
  });
});
