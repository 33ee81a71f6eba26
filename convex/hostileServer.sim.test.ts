/**
 * A hostile game server and a hostile RCON server, polled by the real poller: answers with extreme
 * numbers, control characters, markup, thousands of players and bodies of many megabytes. No poll
 * crashes, nothing stored passes the bounds of lib/gameBounds.ts, and what the public pages read
 * is something CS2 could have produced.
 */
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import {
  encodePacket,
  PacketDecoder,
  SERVERDATA_AUTH,
  SERVERDATA_AUTH_RESPONSE,
  SERVERDATA_EXECCOMMAND,
  SERVERDATA_RESPONSE_VALUE,
  TERMINATOR_BODY,
} from "./gameServer/rconCodec";
import { GAME_BODY_MAX_BYTES, GAME_NUMBERS, GAME_PLAYERS_MAX, GAME_TEXT } from "./lib/gameBounds";
import { matchSnapshotOf, playerSnapshotOf, statusOf } from "./model/live/snapshots";
import { eventually, stopLoops } from "./testing/sim.helpers";
import { personas, setupTest, type TestConvex } from "./test.setup";

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const MARKUP = '<img src=x onerror=alert(1)><script>alert("x")</script>';
const HOSTILE_NAME = `\u0000\u001b[2J${MARKUP}\u202e${"Ж".repeat(50_000)}`;

/** What the plugin answers; `huge` streams tens of megabytes instead. */
let plugin: { huge: boolean; streamed: number } = { huge: false, streamed: 0 };

/** A name as long as fits 120 players in one answer under the body bound. */
const PLAYER_NAME = `\u0000\u001b[2J${MARKUP}\u202e${"Ж".repeat(400)}`;

function hostilePlayer(i: number) {
  return {
    steamId: `7656119800${String(i).padStart(7, "0")}${"9".repeat(200)}`,
    name: PLAYER_NAME,
    kills: i === 0 ? 1e15 : -1e308,
    deaths: Number.MAX_VALUE,
    assists: "1e300",
    score: -1e15,
    kdRatio: 1e308,
    totalDamage: 1e308,
    headshots: 1e15,
    playTimeMinutes: 1e308,
    roundsPlayed: 1e9,
    lastWeaponUsed: MARKUP.repeat(4),
  };
}

const answers: Record<string, () => unknown> = {
  "/api/match": () => ({
    serverName: HOSTILE_NAME,
    mapName: `de_dust2${MARKUP}\u0007`,
    scoreCT: 1e308,
    scoreT: 1_000_000,
    playersOnline: 1e12,
    round: 1e308,
    maxRounds: -5,
    roundPhase: "live",
    gameMode: "competitive",
    teamCT: HOSTILE_NAME,
    teamT: MARKUP,
    timeLeftSec: 1e308,
    bombTimeLeftSec: -1,
    tvPort: 1e9,
  }),
  "/api/summary": () => ({
    totalPlayers: 1e308,
    totalKills: 1e308,
    totalDeaths: -1,
    totalDamage: Infinity,
    totalBombsPlanted: "1e400",
    totalBombsDefused: null,
  }),
  "/api/players": () => ({
    terrorists: Array.from({ length: 60 }, (_, i) => hostilePlayer(i)),
    counterTerrorists: Array.from({ length: 60 }, (_, i) => hostilePlayer(i + 60)),
    spectators: [],
    offline: [],
  }),
};

let pluginServer: http.Server;
let pluginUrl: string;

function streamHuge(res: http.ServerResponse) {
  res.writeHead(200, { "Content-Type": "application/json" });
  const chunk = Buffer.from(`{"name":"${"x".repeat(4000)}"},`);
  res.write('{"terrorists":[');
  const write = () => {
    while (plugin.streamed < 50_000_000) {
      plugin.streamed += chunk.length;
      if (!res.write(chunk)) return void res.once("drain", write);
    }
    res.end("{}]}");
  };
  res.on("error", () => {});
  write();
}

/** A Source RCON server whose every answer is hostile. */
let rconServer: net.Server;
let rconPort: number;
const RCON_PASSWORD = "hostile";
const rconAnswers: Record<string, string> = {
  status_json: JSON.stringify({
    server: {
      map: `de_inferno\u0000${MARKUP}${"m".repeat(10_000)}`,
      clients: Array.from({ length: 200 }, (_, i) => ({
        name: PLAYER_NAME,
        steamid64: `765611980${String(i).padStart(8, "0")}`,
        bot: false,
      })),
    },
  }),
  hostname: `hostname = ${HOSTILE_NAME}`,
  game_type: "game_type = 1e308",
  game_mode: "game_mode = -1",
  mp_maxrounds: "mp_maxrounds = 1e308",
  tv_enable: "tv_enable = true",
  tv_port: "tv_port = 99999999",
};

beforeAll(async () => {
  pluginServer = http.createServer((req, res) => {
    if (req.url === "/api/players" && plugin.huge) return streamHuge(res);
    const answer = answers[req.url ?? ""];
    res.writeHead(answer ? 200 : 404, { "Content-Type": "application/json" });
    res.end(JSON.stringify(answer ? answer() : { error: "nope" }));
  });
  pluginServer.on("clientError", () => {});
  await new Promise<void>((resolve) => pluginServer.listen(0, "127.0.0.1", resolve));
  pluginUrl = `http://127.0.0.1:${(pluginServer.address() as AddressInfo).port}`;

  rconServer = net.createServer((socket) => {
    const decoder = new PacketDecoder();
    socket.on("error", () => {});
    socket.on("data", (chunk) => {
      for (const p of decoder.push(new Uint8Array(chunk))) {
        const reply = (id: number, type: number, body = "") =>
          socket.write(encodePacket({ id, type, body }));
        if (p.type === SERVERDATA_AUTH) {
          reply(p.body === RCON_PASSWORD ? p.id : -1, SERVERDATA_AUTH_RESPONSE);
        } else if (p.type === SERVERDATA_EXECCOMMAND) {
          reply(p.id, SERVERDATA_RESPONSE_VALUE, rconAnswers[p.body] ?? "");
        } else {
          reply(p.id, SERVERDATA_RESPONSE_VALUE);
          reply(p.id, SERVERDATA_RESPONSE_VALUE, TERMINATOR_BODY);
        }
      }
    });
  });
  await new Promise<void>((resolve) => rconServer.listen(0, "127.0.0.1", resolve));
  rconPort = (rconServer.address() as AddressInfo).port;
});

afterAll(async () => {
  pluginServer.closeAllConnections();
  await new Promise<void>((resolve) => pluginServer.close(() => resolve()));
  await new Promise<void>((resolve) => rconServer.close(() => resolve()));
});

const hostilePluginRow = () => ({
  key: "hostile-plugin",
  name: "Hostile plugin",
  apiBaseUrl: pluginUrl,
  connectAddress: "127.0.0.1:27015",
  connectionType: "HTTP" as const,
  apiKey: "k",
});

async function seedHostile(): Promise<{ t: TestConvex; ids: Id<"servers">[] }> {
  const t = setupTest();
  await personas(t);
  const ids = await t.mutation(internal.seed.defaultServers, {
    servers: [
      hostilePluginRow(),
      {
        key: "hostile-rcon",
        name: "Hostile RCON",
        apiBaseUrl: "",
        connectAddress: `127.0.0.1:${rconPort}`,
        connectionType: "RCON",
        proxyTargetHost: "127.0.0.1",
        proxyTargetPort: rconPort,
        rconPassword: RCON_PASSWORD,
      },
    ],
  });
  return { t, ids };
}

/** Every number in a stored document is finite and within the widest bound; every string short. */
function expectBounded(value: unknown, path = "doc"): void {
  if (typeof value === "number") {
    expect(Number.isFinite(value), path).toBe(true);
    // Epoch times (stamps, clocks) are the only numbers past the bounds, and are the panel's own.
    if (!/At$|Time$|_creationTime$|\.at$/.test(path)) {
      expect(Math.abs(value), path).toBeLessThanOrEqual(GAME_NUMBERS.totalDamage.max);
    }
  } else if (typeof value === "string") {
    expect(value.length, path).toBeLessThanOrEqual(GAME_TEXT.name);
    expect(CONTROL.test(value), `${path} has a control character`).toBe(false);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => expectBounded(v, `${path}[${i}]`));
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) expectBounded(v, `${path}.${k}`);
  }
}

describe("a hostile game server and a hostile RCON server", () => {
  test("polls complete; what is stored and shown is what CS2 could produce", async () => {
    plugin = { huge: false, streamed: 0 };
    const { t, ids } = await seedHostile();
    const [pluginId, rconId] = ids as [Id<"servers">, Id<"servers">];
    const stored = await eventually(
      () =>
        t.run(async (ctx) => {
          const a = await matchSnapshotOf(ctx, pluginId);
          const b = await matchSnapshotOf(ctx, rconId);
          const pa = await playerSnapshotOf(ctx, pluginId);
          const pb = await playerSnapshotOf(ctx, rconId);
          return a && b && pa && pb ? { a, b, pa, pb } : null;
        }),
      20_000,
    );
    await stopLoops(t);

    expect(stored.a.match).toMatchObject({
      scoreCT: GAME_NUMBERS.teamScore.max,
      scoreT: GAME_NUMBERS.teamScore.max,
      playersOnline: GAME_NUMBERS.players.max,
      maxRounds: 0,
    });
    expect(stored.a.match.serverName).toHaveLength(GAME_TEXT.hostname);
    expect(stored.b.match.serverName.length).toBeLessThanOrEqual(GAME_TEXT.hostname);
    expect(stored.b.match.maxRounds).toBeUndefined();
    for (const doc of Object.values(stored)) expectBounded(doc);
    expect(stored.pa.players.length).toBeLessThanOrEqual(GAME_PLAYERS_MAX);
    expect(stored.pb.players.length).toBeLessThanOrEqual(GAME_PLAYERS_MAX);
    expect(Math.max(...stored.pa.players.map((p) => p.kills))).toBe(GAME_NUMBERS.count.max);
    expect(Math.min(...stored.pa.players.map((p) => p.kills))).toBe(0);
    // Storage: the largest document a hostile server can make the panel keep.
    const sizes = Object.values(stored).map((d) => JSON.stringify(d).length);
    expect(Math.max(...sizes)).toBeLessThan(GAME_BODY_MAX_BYTES);

    // The public pages: the dashboard, the round strip and the player list.
    for (const serverId of ids) {
      const dash = await t.query(api.live.dashboard, { serverId });
      expectBounded(dash.snapshot, "dashboard");
      expect(dash.rounds.length).toBeLessThanOrEqual(60);
      expect(JSON.stringify(dash)).not.toMatch(CONTROL);
      const list = await t.query(api.live.playerList, { serverId });
      expectBounded(list, "playerList");
    }
  }, 60_000);

  test("a 50 MB /players is cut at the bound: the server shows offline with a reason, and recovers", async () => {
    plugin = { huge: true, streamed: 0 };
    const { t, ids } = await seedHostile();
    const pluginId = ids[0]!;
    const status = await eventually(
      () =>
        t.run(async (ctx) => {
          const s = await statusOf(ctx, pluginId);
          return s && !s.online && s.lastError ? s : null;
        }),
      20_000,
    );
    expect(status.lastError).toMatch(/КіБ/);
    expect(plugin.streamed).toBeLessThan(50_000_000);
    // The server stops misbehaving: the next poll shows it online again.
    plugin.huge = false;
    await stopLoops(t);
    await t.mutation(internal.seed.defaultServers, {
      servers: [hostilePluginRow()],
    });
    await eventually(
      () => t.run(async (ctx) => (await statusOf(ctx, pluginId))?.online === true),
      20_000,
    );
    await stopLoops(t);
  }, 60_000);
});
