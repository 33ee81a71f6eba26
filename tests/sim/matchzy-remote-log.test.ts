/**
 * MatchZy remote log: the simulator POSTs MatchZy events (convex/lib/matchzyEvents.ts) to
 * `matchzy_remote_log_url`. A local receiver records what arrives; the match moves only through
 * `advance-until` (tickMs 0), and each wait for requests is bounded.
 */
import http from "node:http";
import { type AddressInfo } from "node:net";
import { validate } from "convex-helpers/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type WireCommandResult,
  type WireMatch,
  type WirePlayer,
  type WirePlayers,
} from "../../convex/lib/gameApi";
import {
  type MatchzyEvent,
  type MatchzyMapResult,
  type MatchzyRoundEnd,
  type MatchzySeriesEnd,
  type MatchzyStatsPlayer,
  type MatchzyStatsTeam,
  vMatchzyEvent,
} from "../../convex/lib/matchzyEvents";
import { PUSH_OFF_URL } from "../../convex/lib/push";
import { type AdvanceUntilResult, type SimServerState } from "../../dev/sim/game-server";
import { RconClient } from "../../convex/gameServer/rconClient";
import { type SimHandle, type SimServerHandle } from "../../dev/sim/simulator";
import { keyHeader, proxyHeaders, request, startTestSim } from "./helpers";

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: MatchzyEvent;
}

/** A tiny HTTP listener on 127.0.0.1:0 that records every request and answers `status`. */
class Receiver {
  readonly received: Received[] = [];
  status = 200;
  /** When true, requests are recorded but never answered (timeout tests). */
  hold = false;
  private readonly held: http.ServerResponse[] = [];
  private waiters: Array<() => void> = [];
  private port = 0;
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      this.received.push({
        path: req.url ?? "",
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as MatchzyEvent,
      });
      for (const w of this.waiters.splice(0)) w();
      if (this.hold) return void this.held.push(res);
      res.writeHead(this.status, { "content-type": "text/plain" }).end("ok");
    });
  });

  async open(port = 0): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(port, "127.0.0.1", () => resolve());
    });
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** Stops listening: new connections are refused (ECONNREFUSED). */
  async close(): Promise<void> {
    for (const res of this.held.splice(0)) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Listens again on the same port. */
  reopen(): Promise<void> {
    return this.open(this.port);
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  of<E extends MatchzyEvent["event"]>(
    event: E,
    from = 0,
  ): Array<Extract<MatchzyEvent, { event: E }>> {
    return this.received
      .slice(from)
      .map((r) => r.body)
      .filter((b): b is Extract<MatchzyEvent, { event: E }> => b.event === event);
  }

  /** Resolves once `done()` holds; fails after `timeoutMs` (no fixed sleeps). */
  async waitFor(done: () => boolean, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(
          `Receiver: condition not met; got ${this.received.map((r) => r.body.event).join(", ")}`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

const HEADER_KEY = "X-Panel-Event-Key";
const HEADER_VALUE = "s3cret-token-1";

let sim: SimHandle;
let receiver: Receiver;
const server = () => sim.servers[0]!;
const control = (path: string) => `${sim.controlUrl}${path}`;

async function command(s: SimServerHandle, line: string): Promise<string> {
  const { status, body } = await request<WireCommandResult>(`${s.apiUrl}/private/command`, {
    headers: keyHeader(s),
    body: { command: line },
  });
  expect(status).toBe(200);
  return body.result ?? "";
}

async function advanceUntil(
  s: SimServerHandle,
  event: string,
  maxTicks = 2000,
): Promise<AdvanceUntilResult & { state: SimServerState }> {
  const { status, body } = await request<AdvanceUntilResult & { state: SimServerState }>(
    control(`/servers/${s.id}/advance-until`),
    { body: { event, maxTicks } },
  );
  expect(status).toBe(200);
  expect(body.reached).toBe(true);
  return body;
}

async function snapshot(s: SimServerHandle) {
  const match = (await request<WireMatch>(`${s.apiUrl}/match`)).body;
  const players = (await request<WirePlayers>(`${s.apiUrl}/players`)).body;
  return { match, players };
}

/** The MatchZy stats block MatchZy would build from a /players entry at that moment. */
function expectedStats(p: WirePlayer, roundsPlayed: number) {
  return {
    kills: p.kills,
    deaths: p.deaths,
    assists: p.assists,
    damage: p.totalDamage,
    utility_damage: p.grenadeDamageDealt,
    enemies_flashed: p.enemiesFlashed,
    headshot_kills: p.headshots,
    rounds_played: roundsPlayed,
    score: p.score,
    mvp: p.mvp,
    // Not tracked by MatchZy: always 0.
    flash_assists: 0,
    team_kills: 0,
    knife_kills: 0,
    bomb_plants: 0,
    bomb_defuses: 0,
    kast: 0,
  };
}

/**
 * Every player of a round_end team has the /players stats of that moment; humans by SteamID64,
 * bots (steamid "0", as MatchZy reports them) by name. Players on the team's side are all listed.
 */
function expectTeamMatchesPlayers(
  team: MatchzyStatsTeam,
  onSide: WirePlayer[],
  everyone: WirePlayer[],
  roundsPlayed: number,
): void {
  for (const sp of team.players ?? []) {
    const wire = findWire(sp, everyone);
    // A bot may leave in the same tick (bot_quota makes room for a joining human); humans stay
    // listed, offline if they left.
    if (!wire && sp.steamid === "0") continue;
    expect(wire, `${sp.name} in /players`).toBeDefined();
    expect(sp.stats).toMatchObject(expectedStats(wire!, roundsPlayed));
  }
  // Those still on the side after the tick were all in the event (churn may add a joiner).
  const listed = new Set((team.players ?? []).map((p) => p.name));
  const missing = onSide.filter((p) => !listed.has(p.name) && p.roundsPlayed > 0);
  expect(missing.map((p) => p.name)).toEqual([]);
}

function findWire(sp: MatchzyStatsPlayer, everyone: WirePlayer[]): WirePlayer | undefined {
  return sp.steamid === "0"
    ? everyone.find((p) => p.name === sp.name)
    : everyone.find((p) => p.steamId === sp.steamid);
}

const all = (players: WirePlayers) => [
  ...players.terrorists,
  ...players.counterTerrorists,
  ...players.spectators,
  ...players.offline,
];

beforeAll(async () => {
  sim = await startTestSim();
  receiver = new Receiver();
  await receiver.open();
});
afterAll(async () => {
  await sim.stop();
  await receiver.close();
});

describe("MatchZy remote log", () => {
  it("is configured through /private/command, reads the cvars back and refuses a bad URL", async () => {
    const url = receiver.url("/api/events/server1-key");
    expect(await command(server(), `matchzy_remote_log_url "${url}"`)).toBe("");
    expect(await command(server(), `matchzy_remote_log_header_key "${HEADER_KEY}"`)).toBe("");
    expect(await command(server(), `matchzy_remote_log_header_value "${HEADER_VALUE}"`)).toBe("");
    expect(await command(server(), "matchzy_remote_log_url")).toBe(
      `matchzy_remote_log_url = ${url}`,
    );
    expect(await command(server(), "matchzy_remote_log_header_key")).toBe(
      `matchzy_remote_log_header_key = ${HEADER_KEY}`,
    );
    // The header value is a secret: read back masked, as rcon_password.
    expect(await command(server(), "matchzy_remote_log_header_value")).toBe(
      "matchzy_remote_log_header_value = ********",
    );
    expect(await command(server(), 'matchzy_remote_log_url "ftp://example.org/x"')).toBe(
      "[RemoteLogURLCommand] Invalid URL: ftp://example.org/x. Please provide a valid URL!",
    );
    // As in MatchZy: an empty header key or value is ignored.
    expect(await command(server(), 'matchzy_remote_log_header_value ""')).toBe("");
    expect(server().world.cvars.get("matchzy_remote_log_header_value")).toBe(HEADER_VALUE);
    expect(server().state().matchzy.remoteLogUrl).toBe(url);
    // MatchZy's get5_ alias reads the same setting.
    expect(await command(server(), "get5_remote_log_url")).toBe(`matchzy_remote_log_url = ${url}`);
    expect(receiver.received).toEqual([]);
  });

  it("sends series_start and going_live with the header, then round_end with /match scores and /players stats", async () => {
    await command(server(), "mp_maxrounds 4");
    await command(server(), "mp_teamname_1 Alpha");
    await command(server(), "mp_teamname_2 Bravo");
    const from = receiver.received.length;
    await command(server(), "mp_warmup_start");
    const { state: warm } = await advanceUntil(server(), "live");
    const matchId = warm.matchzy.matchId;
    await receiver.waitFor(() => receiver.of("going_live", from).length === 1);
    expect(receiver.of("series_start", from)).toEqual([
      {
        event: "series_start",
        matchid: matchId,
        num_maps: 1,
        team1: { id: "", name: "Alpha" },
        team2: { id: "", name: "Bravo" },
      },
    ]);
    expect(receiver.of("going_live", from)).toEqual([
      { event: "going_live", matchid: matchId, map_number: 0 },
    ]);

    // Rounds 1..3: round 3 is after halftime (mp_maxrounds 4), when team 1 plays T.
    let humansCompared = 0;
    for (let round = 1; round <= 3; round++) {
      const before = receiver.received.length;
      await advanceUntil(server(), "roundEnd");
      const { match, players } = await snapshot(server());
      await receiver.waitFor(() => receiver.of("round_end", before).length === 1);
      const event = receiver.of("round_end", before)[0]!;
      const team1Side = round <= 2 ? "CT" : "T";
      const [t1, t2] =
        team1Side === "CT" ? [match.scoreCT, match.scoreT] : [match.scoreT, match.scoreCT];
      expect(event).toMatchObject({
        event: "round_end",
        matchid: matchId,
        map_number: 0,
        round_number: round,
        round_time: 0,
        team1: { id: "", name: "Alpha", score: t1, series_score: 0, score_ct: 0, score_t: 0 },
        team2: { id: "", name: "Bravo", score: t2, series_score: 0, score_ct: 0, score_t: 0 },
      });
      expect(match.scoreCT + match.scoreT).toBe(round);
      expect([1, 7, 8, 9, 12]).toContain(event.reason);
      expect(["2", "3"]).toContain(event.winner.side);
      expect(event.winner.team).toBe(t1 > t2 ? "team1" : "team2");
      const everyone = all(players);
      const [ct, t] = [players.counterTerrorists, players.terrorists];
      expectTeamMatchesPlayers(event.team1, team1Side === "CT" ? ct : t, everyone, round);
      expectTeamMatchesPlayers(event.team2, team1Side === "CT" ? t : ct, everyone, round);
      humansCompared += [...(event.team1.players ?? []), ...(event.team2.players ?? [])].filter(
        (p) => p.steamid !== "0",
      ).length;
      const bots = [...(event.team1.players ?? []), ...(event.team2.players ?? [])].filter(
        (p) => p.steamid === "0",
      );
      expect(bots.length).toBeGreaterThan(0);
    }
    expect(humansCompared).toBeGreaterThanOrEqual(3);

    const mine = receiver.received.slice(-6);
    for (const r of mine) {
      expect(r.path).toBe("/api/events/server1-key");
      expect(r.headers[HEADER_KEY.toLowerCase()]).toBe(HEADER_VALUE);
      expect(r.headers["content-type"]).toBe("application/json; charset=utf-8");
    }
  });

  it("sends map_result once when the map ends, then series_end; the next match has a new matchid", async () => {
    const from = receiver.received.length;
    const { state } = await advanceUntil(server(), "matchOver");
    const { match } = await snapshot(server());
    const matchId = state.matchzy.matchId;
    await receiver.waitFor(() => receiver.of("series_end", from).length === 1);
    const results = receiver.of("map_result", from);
    expect(results).toHaveLength(1);
    const result: MatchzyMapResult = results[0]!;
    // After halftime team 1 plays T.
    const [t1, t2] = [match.scoreT, match.scoreCT];
    expect(result).toMatchObject({
      event: "map_result",
      matchid: matchId,
      map_number: 0,
      winner: { team: t1 > t2 ? "team1" : "team2", side: "2" },
      team1: { name: "Alpha", score: t1, series_score: t1 > t2 ? 1 : 0, players: [] },
      team2: { name: "Bravo", score: t2, series_score: t2 > t1 ? 1 : 0, players: [] },
    });
    const lastRound = receiver.of("round_end", from).at(-1)!;
    expect(lastRound.round_number).toBe(t1 + t2);
    const seriesEnd: MatchzySeriesEnd = receiver.of("series_end", from)[0]!;
    expect(seriesEnd).toEqual({
      event: "series_end",
      matchid: matchId,
      winner: { side: "2", team: t1 === t2 ? "none" : t1 > t2 ? "team1" : "team2" },
      team1_series_score: t1 > t2 ? 1 : 0,
      team2_series_score: t2 > t1 ? 1 : 0,
      time_until_restore: 10,
    });
    const order = receiver.received.slice(from).map((r) => r.body.event);
    expect(order.indexOf("series_end")).toBeGreaterThan(order.indexOf("map_result"));

    // The next match: a fresh warmup, a new id, and nothing more about the old one.
    const next = receiver.received.length;
    const { state: live } = await advanceUntil(server(), "live");
    expect(live.matchzy.matchId).toBe(matchId + 1);
    await advanceUntil(server(), "roundEnd");
    await receiver.waitFor(() => receiver.of("round_end", next).length === 1);
    expect(receiver.received.slice(next).map((r) => [r.body.event, r.body.matchid])).toEqual([
      ["series_start", matchId + 1],
      ["going_live", matchId + 1],
      ["round_end", matchId + 1],
    ]);
    expect(receiver.of("map_result")).toHaveLength(1);
  });

  it("posts bodies that the panel's validators accept", () => {
    expect(receiver.received.length).toBeGreaterThan(10);
    for (const { body } of receiver.received) {
      expect(validate(vMatchzyEvent, body, { allowUnknownFields: false }), body.event).toBe(true);
    }
  });

  it("does not retry an event the receiver answers with 500", async () => {
    // A full-length map from here on: the next round ends stay inside this match.
    await command(server(), "mp_maxrounds 24");
    receiver.status = 500;
    const failedBefore = server().state().matchzy.failed;
    const from = receiver.received.length;
    const first = await advanceUntil(server(), "roundEnd");
    const second = await advanceUntil(server(), "roundEnd");
    expect(second.state.matchzy.failed).toBe(failedBefore + 2);
    await receiver.waitFor(() => receiver.of("round_end", from).length >= 2);
    // More ticks, no round end: nothing is sent again.
    server().advance(1);
    await server().matchzy.settled();
    const rounds = receiver.of("round_end", from).map((e) => e.round_number);
    expect(rounds).toEqual([first.state.round, second.state.round]);
    expect(server().matchzy.attempts.at(-1)).toMatchObject({ outcome: "status", status: 500 });
    receiver.status = 200;
  });

  it("drops an event the receiver cannot take (closed), and sends the next one only", async () => {
    await receiver.close();
    const lost = await advanceUntil(server(), "roundEnd");
    expect(lost.state.phase).toBe("over");
    expect(server().matchzy.attempts.at(-1)).toMatchObject({
      event: "round_end",
      outcome: "error",
      error: expect.stringContaining("ECONNREFUSED") as unknown,
    });
    expect(lost.state.matchzy.failed).toBeGreaterThan(0);
    await receiver.reopen();
    const from = receiver.received.length;
    const next = await advanceUntil(server(), "roundEnd");
    await receiver.waitFor(() => receiver.of("round_end", from).length === 1);
    await server().matchzy.settled();
    expect(receiver.received.slice(from).map((r) => r.body.event)).toEqual(["round_end"]);
    const lostRound = lost.state.scoreCT + lost.state.scoreT;
    expect(receiver.of("round_end", from)[0]!.round_number).toBe(lostRound + 1);
    expect(next.state.matchzy.failed).toBe(lost.state.matchzy.failed);
  });

  it("is set over RCON as well, and sends no custom header without a key", async () => {
    const s2 = sim.servers[1]!;
    const rcon = await RconClient.connect({
      host: "127.0.0.1",
      port: s2.rconPort,
      password: s2.config.rconPassword,
    });
    const url = receiver.url("/api/events/server2-key");
    expect(await rcon.exec(`matchzy_remote_log_url "${url}"`)).toBe("");
    expect(await rcon.exec(`matchzy_remote_log_header_value "only-a-value"`)).toBe("");
    expect(await rcon.exec("matchzy_remote_log_url")).toBe(`matchzy_remote_log_url = ${url}`);
    await rcon.close();
    const from = receiver.received.length;
    const { state } = await advanceUntil(s2, "roundEnd");
    const { match } = await snapshot(s2);
    await receiver.waitFor(() => receiver.of("round_end", from).length === 1);
    const got = receiver.received.slice(from);
    expect(got.map((r) => [r.path, r.body.event, r.body.matchid])).toEqual([
      ["/api/events/server2-key", "going_live", state.matchzy.matchId],
      ["/api/events/server2-key", "round_end", state.matchzy.matchId],
    ]);
    expect(Object.values(got[0]!.headers)).not.toContain("only-a-value");
    const roundEnd = got[1]!.body as MatchzyRoundEnd;
    expect([roundEnd.team1.score, roundEnd.team2.score]).toEqual([match.scoreCT, match.scoreT]);
  });

  it("is set through the RCON proxy too; the header goes out once key and value are both set", async () => {
    const s2 = sim.servers[1]!;
    const proxied = (command: string) =>
      request<WireCommandResult>(`${sim.proxyUrl}/rcon/command`, {
        headers: proxyHeaders(s2),
        body: { command },
      });
    expect((await proxied('matchzy_remote_log_header_key "X-From-Proxy"')).status).toBe(200);
    expect((await proxied("matchzy_remote_log_header_key")).body.result).toBe(
      "matchzy_remote_log_header_key = X-From-Proxy",
    );
    const from = receiver.received.length;
    await advanceUntil(s2, "roundEnd");
    await receiver.waitFor(() => receiver.of("round_end", from).length === 1);
    expect(receiver.received[from]!.headers["x-from-proxy"]).toBe("only-a-value");
  });

  it("refuses an empty URL as MatchZy does; pointed where nothing listens, nothing arrives", async () => {
    const before = server().state().matchzy.remoteLogUrl;
    expect(await command(server(), 'matchzy_remote_log_url ""')).toBe(
      "[RemoteLogURLCommand] Invalid URL: . Please provide a valid URL!",
    );
    expect(server().state().matchzy.remoteLogUrl).toBe(before);
    expect(await command(server(), `matchzy_remote_log_url "${PUSH_OFF_URL}"`)).toBe("");
    const from = receiver.received.length;
    await advanceUntil(server(), "matchOver");
    await advanceUntil(server(), "live");
    await advanceUntil(server(), "roundEnd");
    await server().matchzy.settled();
    expect(receiver.received.slice(from).filter((r) => r.path.includes("server1"))).toEqual([]);
    const refused = server().matchzy.attempts.filter((a) => a.url === PUSH_OFF_URL);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((a) => a.outcome === "error")).toBe(true);
  });

  it("refuses an unknown advance-until event", async () => {
    const { status } = await request(control("/servers/server1/advance-until"), {
      body: { event: "toString" },
    });
    expect(status).toBe(400);
  });
});

describe("MatchZy remote log timeout", () => {
  let slow: SimHandle;
  let silent: Receiver;

  beforeAll(async () => {
    slow = await startTestSim({ remoteLogTimeoutMs: 200 });
    silent = new Receiver();
    silent.hold = true;
    await silent.open();
  });
  afterAll(async () => {
    await slow.stop();
    await silent.close();
  });

  it("gives up on a receiver that never answers, without retrying", async () => {
    const s = slow.servers[0]!;
    s.console.exec(`matchzy_remote_log_url "${silent.url("/hang")}"`);
    const { reached } = s.advanceUntil("live", 100);
    expect(reached).toBe(true);
    await silent.waitFor(() => silent.received.length === 1);
    // Bounded by the 200 ms timeout: settled() resolves once the attempt has failed.
    await s.matchzy.settled();
    expect(s.matchzy.attempts).toEqual([
      {
        event: "going_live",
        matchid: s.matchzy.matchId,
        url: silent.url("/hang"),
        outcome: "error",
        error: "no answer within 200 ms",
      },
    ]);
    expect(silent.received.map((r) => r.body.event)).toEqual(["going_live"]);
  });
});
