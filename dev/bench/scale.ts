/**
 * The panel's data at deployment scale in the in-memory backend, written straight into its tables
 * (`store.insertMany`: a million rows in seconds, where mutations take hours), then every read
 * that grows with it called as the panel calls it and counted the way a deployment's per-function
 * limits count (documents scanned, filtered-out ones included; bytes; index ranges).
 *
 * What is seeded, ending now:
 * - `sanctions` over two years for 20,000 players, the 64 busiest (all on server s1 now) holding
 *   64 % of them: kicks, bans (a third permanent), unbans, mutes, gags, silences and their lifts,
 *   so some are in force, most expired, some lifted; `bansInForce` and `commsInForce` as those
 *   records leave them;
 * - `auditLog` entries a minute apart (1,000,000 ≈ 1.9 years), every filter value spread evenly;
 * - `matches` over a year on 4 servers, 10 players each (one of them in every fifth match),
 *   with their `matchPlayers` lines, `careers` (all time and per month) and `playerNames`; the
 *   leaderboard component holds the all-time and the latest month's rankings (a page reads one
 *   namespace, so the others would not change what it reads); the last match is recorded through
 *   `recordMatch` itself, on top;
 * - `tournaments`, all but the newest 20 archived; `pushEvents`, all past their day (a clean-up
 *   that never ran: the worst case for the one that runs with each event).
 */
import type { FunctionReference } from "convex/server";
import type { Value } from "convex/values";
import { api, internal } from "../../convex/_generated/api";
import type { Doc, Id } from "../../convex/_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../convex/_generated/server";
import {
  ALL_TIME,
  resultOf,
  seasonOf,
  winnerOf,
  type CareerTotals,
} from "../../convex/lib/history";
import { DEFAULT_MODERATION_SETTINGS } from "../../convex/lib/moderationDefaults";
import { vPlayer } from "../../convex/lib/validators";
import { addTotals, lineTotals, ZERO_TOTALS } from "../../convex/model/history/careers";
import { syncRanking } from "../../convex/model/history/leaderboard";
import { recordMatch } from "../../convex/model/history/record";
import { flaggedAmong } from "../../convex/model/moderation/sanctionNotice";
import {
  banInForceOf,
  commsInForce,
  panelBanInForce,
} from "../../convex/model/moderation/sanctions";
import { writeModerationSettings } from "../../convex/model/moderation/settings";
import { createTournament } from "../../convex/model/tournament/state";
import { presetFormat } from "../../convex/lib/tournamentPresets";
import type { BackendHandle, ReadCost } from "../backend/server";
import { Rng } from "../sim/rng";
import {
  auditFilterCases,
  auditRow,
  BENCH_ADMIN,
  randomLine,
  seedServersAndAdmin,
  steamIdOf,
} from "./seeded";

export interface Sizes {
  matches: number;
  /** Players of the match history (each match has 10 of them). */
  players: number;
  audit: number;
  sanctions: number;
  tournaments: number;
  events: number;
}

/** A deployment's per-function limits (docs.convex.dev/production/state/limits). */
export const LIMITS = { documentsScanned: 32_000, bytesRead: 16 * 2 ** 20, indexRanges: 4_096 };

const DAY = 86_400_000;
const SANCTION_PLAYERS = 20_000;
const HOT = 64;
const LINES = 10;
const MAPS = ["de_dust2", "de_mirage", "de_inferno", "de_nuke", "de_ancient", "de_anubis"];
const REASONS = ["Чіти", "Образи", "Тімкіл", "Спам", "АФК"];
/** Seeding transactions for the leaderboard component: careers per batch. */
const RANKING_BATCH = 250;

/** Sanction `i` of `total`: its player (the first 64 % go to the 64 busiest) and its kind. */
function sanctionOf(i: number, total: number) {
  const hotRecords = Math.floor((total * 0.64) / HOT);
  const player = i < HOT * hotRecords ? i % HOT : HOT + ((i * 7919) % (SANCTION_PLAYERS - HOT));
  const h = (i * 2_654_435_761) % 100;
  const kind =
    h < 35
      ? "kick"
      : h < 60
        ? "ban"
        : h < 70
          ? "unban"
          : h < 85
            ? "mute"
            : h < 92
              ? "gag"
              : h < 97
                ? "silence"
                : "unmute";
  return { player, kind } as const;
}

interface Seeded {
  serverIds: Id<"servers">[];
  pushServerKey: string;
  busiestHistoryPlayer: string;
  quietHistoryPlayer: string;
  latestMonth: string;
  aMatchId: Id<"matches">;
  seedSeconds: number;
  recordMatchCost: ReadCost;
}

const COMMS_LIFTED: Partial<Record<string, string[]>> = {
  unmute: ["mute"],
  ungag: ["gag"],
  unsilence: ["mute", "gag", "silence"],
};

async function seedSanctions(backend: BackendHandle, total: number, serverIds: Id<"servers">[]) {
  const now = Date.now();
  const step = (730 * DAY) / Math.max(1, total);
  const rows: Array<Omit<Doc<"sanctions">, "_id" | "_creationTime">> = [];
  const inForce = new Map<string, (typeof rows)[number] | null>();
  /** Row index of each mute, gag and silence in force, by player, server and kind. */
  const commsAt = new Map<string, number>();
  for (let i = 0; i < total; i++) {
    const { player, kind } = sanctionOf(i, total);
    const at = Math.round(now - (total - i) * step);
    const serverId = serverIds[i % serverIds.length]!;
    const timed = kind === "ban" || kind === "mute" || kind === "gag" || kind === "silence";
    const durationMinutes = timed
      ? i % 3 === 0
        ? 0
        : [60, 1440, 10_080, 43_200][i % 4]!
      : undefined;
    const row = {
      steamId: steamIdOf(player),
      playerName: `Гравець ${player}`,
      kind,
      ...(kind === "kick" || timed ? { reason: REASONS[i % REASONS.length]! } : {}),
      ...(durationMinutes !== undefined ? { durationMinutes } : {}),
      ...(durationMinutes ? { expiresAt: at + durationMinutes * 60_000 } : {}),
      serverId,
      serverName: `s${(i % serverIds.length) + 1}`,
      at,
      by: `user${i % 40}`,
      byRole: i % 2 ? ("moderator" as const) : ("admin" as const),
      source: i % 10 === 0 ? ("gameServer" as const) : ("panel" as const),
    };
    rows.push(row);
    if (kind === "ban" || kind === "unban") inForce.set(`${row.steamId}|${serverId}`, row);
    const key = (k: string) => `${row.steamId}|${serverId}|${k}`;
    if (kind === "mute" || kind === "gag" || kind === "silence") commsAt.set(key(kind), i);
    for (const k of COMMS_LIFTED[kind] ?? []) commsAt.delete(key(k));
  }
  const ids = backend.store.insertMany("sanctions", rows, { creationTime: (r) => r.at as number });
  const comms = [...commsAt.values()].flatMap((i) => {
    const s = rows[i]!;
    if (s.expiresAt !== undefined && s.expiresAt <= now) return [];
    const kind = s.kind as "mute" | "gag" | "silence";
    const sanctionId = ids[i] as Id<"sanctions">;
    return [{ ...s, kind, sanctionId }];
  });
  backend.store.insertMany("commsInForce", comms, { creationTime: (r) => r.at as number });
  const bans = [...inForce.values()].filter(
    (s): s is (typeof rows)[number] =>
      s !== null && s.kind === "ban" && (s.expiresAt === undefined || s.expiresAt > now),
  );
  backend.store.insertMany(
    "bansInForce",
    bans.map((s) => banInForceOf(s, s.serverId!)),
    { creationTime: (r) => r.at as number },
  );
}

interface Career {
  totals: CareerTotals;
  name: string;
  first: number;
  last: number;
}

async function seedHistory(
  backend: BackendHandle,
  total: number,
  serverIds: Id<"servers">[],
  players: number,
  step: (what: string) => void,
) {
  const now = Date.now();
  const rng = new Rng(24);
  const spacing = (365 * DAY) / Math.max(1, total);
  const matchCount = new Map<string, number>();
  const careers = new Map<string, Career>();
  const matches: Array<Omit<Doc<"matches">, "_id" | "_creationTime">> = [];
  const last = makeMatch(total - 1);
  function makeMatch(i: number) {
    const ids = new Set<number>();
    if (i % 5 === 0) ids.add(0);
    while (ids.size < LINES) ids.add(rng.int(1, players - 1));
    const endedAt = Math.round(now - (total - i) * spacing);
    const startedAt = endedAt - 2_400_000;
    const scoreCT = rng.int(0, 13);
    const scoreT = 13 - scoreCT + rng.int(0, 1);
    const lines = [...ids].map((n, k) => randomLine(rng, n, k, 24));
    const serverId = serverIds[i % serverIds.length]!;
    return {
      serverId,
      serverKey: `s${(i % serverIds.length) + 1}`,
      serverName: `s${(i % serverIds.length) + 1}`,
      map: MAPS[i % MAPS.length]!,
      mode: "competitive",
      startedAt,
      endedAt,
      scoreCT,
      scoreT,
      winner: winnerOf(scoreCT, scoreT),
      rounds: 24,
      source: "poll" as const,
      players: lines,
      dedupeKey: `${serverId}:${startedAt}`,
      counted: true,
      voided: false,
    };
  }
  for (let i = 0; i < total - 1; i++) matches.push(makeMatch(i));
  const matchIds = backend.store.insertMany("matches", matches, {
    creationTime: (r) => r.endedAt as number,
  });
  const lines: Array<Omit<Doc<"matchPlayers">, "_id" | "_creationTime">> = [];
  for (const [k, m] of matches.entries()) {
    for (const l of m.players) {
      lines.push({
        matchId: matchIds[k] as Id<"matches">,
        steamId: l.steamId,
        name: l.name,
        endedAt: m.endedAt,
        map: m.map,
        scoreCT: m.scoreCT,
        scoreT: m.scoreT,
        side: l.side,
        result: resultOf(l.side, m.winner),
        kills: l.kills,
        deaths: l.deaths,
        assists: l.assists,
        voided: false,
        counted: true,
      });
      matchCount.set(l.steamId, (matchCount.get(l.steamId) ?? 0) + 1);
      for (const season of [ALL_TIME, seasonOf(m.endedAt)]) {
        const key = `${l.steamId}|${season}`;
        const c = careers.get(key);
        careers.set(key, {
          totals: addTotals(c?.totals ?? ZERO_TOTALS, lineTotals(l, m.winner), 1),
          name: l.name,
          first: c?.first ?? m.endedAt,
          last: m.endedAt,
        });
      }
    }
  }
  backend.store.insertMany("matchPlayers", lines, { creationTime: (r) => r.endedAt as number });
  lines.length = 0;
  backend.store.insertMany(
    "careers",
    [...careers].map(([key, c]) => {
      const [steamId, season] = key.split("|") as [string, string];
      return { steamId, season, name: c.name, ...c.totals, firstSeen: c.first, lastSeen: c.last };
    }),
  );
  backend.store.insertMany(
    "playerNames",
    [...matchCount].map(([steamId, n]) => ({
      steamId,
      name: `Player ${BigInt(steamId) - 76561198000000000n}`,
      matches: n,
    })),
  );
  step("matches, lines, careers");
  const latestMonth = seasonOf(matches.at(-1)?.endedAt ?? now);
  const ranked = [...careers].filter(([key]) => {
    const season = key.split("|")[1];
    return season === ALL_TIME || season === latestMonth;
  });
  const t = backend.t as unknown as { run<T>(fn: (ctx: MutationCtx) => Promise<T>): Promise<T> };
  for (let i = 0; i < ranked.length; i += RANKING_BATCH) {
    await t.run(async (ctx) => {
      for (const [key, c] of ranked.slice(i, i + RANKING_BATCH)) {
        const [steamId, season] = key.split("|") as [string, string];
        await syncRanking(ctx, steamId, season, null, c.totals);
      }
    });
  }
  step(`leaderboard rankings (${ranked.length.toLocaleString("en-US")} careers)`);
  // The last match through the product's own write, measured: what recording costs at this size.
  const { cost } = await backend.store.measure(() =>
    t.run(async (ctx) => {
      await recordMatch(ctx, last.serverId, {
        startedAt: last.startedAt,
        endedAt: last.endedAt,
        mapName: last.map,
        mode: last.mode,
        scoreCT: last.scoreCT,
        scoreT: last.scoreT,
        rounds: last.rounds,
        source: last.source,
        lines: last.players,
      });
    }),
  );
  const byCount = [...matchCount].sort((a, b) => b[1] - a[1]);
  return {
    busiest: byCount[0]![0],
    quietest: byCount.at(-1)![0],
    latestMonth,
    aMatchId: matchIds[Math.floor(matchIds.length / 2)] as Id<"matches">,
    recordMatchCost: cost,
  };
}

/** Fills the backend; `backend.store` must be `indexed()` already. */
export async function seedAtScale(
  backend: BackendHandle,
  sizes: Sizes,
  progress: (line: string) => void = () => {},
): Promise<Seeded> {
  const started = performance.now();
  const step = (what: string) =>
    progress(`${what} (${Math.round((performance.now() - started) / 1000)} s)`);
  const t = backend.t as unknown as { run<T>(fn: (ctx: MutationCtx) => Promise<T>): Promise<T> };
  const pushServerKey = "push";
  const serverIds = await t.run(async (ctx) => {
    const ids = await seedServersAndAdmin(ctx);
    await writeModerationSettings(ctx, { ...DEFAULT_MODERATION_SETTINGS, publicBanList: true });
    // The 64 busiest sanctioned players are on server s1 now: the moderators' flags read them.
    await ctx.db.insert("playerSnapshots", {
      serverId: ids[0]!,
      updatedAt: Date.now(),
      players: Array.from({ length: HOT }, (_, i) => hotPlayer(i)),
    });
    // A server that takes MatchZy's events (not polled: the benchmark runs no crons).
    const push = await ctx.db.insert("servers", {
      key: pushServerKey,
      name: "push",
      apiBaseUrl: "http://127.0.0.1:9",
      connectAddress: "127.0.0.1:27016",
      connectionType: "HTTP",
      disabled: false,
      order: ids.length,
    });
    await ctx.db.insert("serverSecrets", { serverId: push, pushSecret: "bench-secret" });
    return ids;
  });
  await seedSanctions(backend, sizes.sanctions, serverIds);
  step("sanctions");
  backend.store.insertMany(
    "auditLog",
    Array.from({ length: sizes.audit }, (_, i) => auditRow(i, serverIds)),
    { creationTime: (r) => r.at as number },
  );
  step("audit log");
  const now = Date.now();
  const start = now - sizes.tournaments * 3_600_000;
  backend.store.insertMany(
    "tournaments",
    Array.from({ length: sizes.tournaments }, (_, i) => ({
      ...createTournament({
        createdBy: "bench-admin",
        now: start + i * 3_600_000,
        format: presetFormat("duel"),
        slug: `t${i}`,
      }),
      archived: i < sizes.tournaments - 20,
    })),
  );
  const pushServer = await t.run(
    async (ctx) =>
      (await ctx.db
        .query("servers")
        .withIndex("by_key", (q) => q.eq("key", pushServerKey))
        .unique())!._id,
  );
  backend.store.insertMany(
    "pushEvents",
    Array.from({ length: sizes.events }, (_, i) => ({
      serverId: pushServer,
      key: `old${i}:going_live:0`,
      at: now - 2 * DAY - (sizes.events - i) * 1_000,
    })),
  );
  step("tournaments and events");
  const history = await seedHistory(
    backend,
    Math.max(2, sizes.matches),
    serverIds,
    Math.max(LINES + 1, sizes.players),
    step,
  );
  return {
    serverIds,
    pushServerKey,
    busiestHistoryPlayer: history.busiest,
    quietHistoryPlayer: history.quietest,
    latestMonth: history.latestMonth,
    aMatchId: history.aMatchId,
    recordMatchCost: history.recordMatchCost,
    seedSeconds: (performance.now() - started) / 1000,
  };
}

const NUMERIC_PLAYER_FIELDS = Object.entries(vPlayer.fields)
  .filter(([, validator]) => validator.kind === "float64")
  .map(([field]) => field);

function hotPlayer(i: number) {
  return {
    ...Object.fromEntries(NUMERIC_PLAYER_FIELDS.map((f) => [f, 0])),
    steamId: steamIdOf(i),
    name: `hot${i}`,
    team: "Counter-Terrorist" as const,
    firstSeen: "2026-01-01",
    lastSeen: "2026-01-01",
    lastWeaponUsed: "ak47",
  } as Doc<"playerSnapshots">["players"][number];
}

export interface ReadCase {
  name: string;
  /** What the panel calls: a public query as the admin, or a model function in a transaction. */
  run: () => Promise<unknown>;
}

/** Every read that grows with the seeded tables, called as the panel calls it. */
export function readCases(backend: BackendHandle, seeded: Seeded, sizes: Sizes): ReadCase[] {
  const asAdmin = backend.t.withIdentity(BENCH_ADMIN);
  const query = (ref: FunctionReference<"query">, args: Record<string, Value>) => () =>
    asAdmin.query(ref, args);
  const inQuery = (fn: (ctx: QueryCtx) => Promise<unknown>) => () =>
    (
      backend.t as unknown as { run(fn: (ctx: QueryCtx) => Promise<unknown>): Promise<unknown> }
    ).run(fn);
  const page = (numItems: number) => ({ numItems, cursor: null });
  const [s1] = seeded.serverIds;
  const now = Date.now();
  const busiestSanctioned = steamIdOf(0);
  const quietSanctioned = steamIdOf(sanctionOf(sizes.sanctions - 1, sizes.sanctions).player);
  const joiners = Array.from({ length: 16 }, (_, i) => ({
    steamId: steamIdOf(i),
    name: `hot${i}`,
  }));
  const push = (matchid: number) => () =>
    backend.runInternal(internal.push.receive, {
      key: seeded.pushServerKey,
      secret: "bench-secret",
      body: JSON.stringify({ event: "going_live", matchid, map_number: 0 }),
    });
  const cases: ReadCase[] = [
    // Match history.
    {
      name: "history.matches, all servers, page of 25",
      run: query(api.history.matches, { paginationOpts: page(25) }),
    },
    {
      name: "history.matches, one server, page of 25",
      run: query(api.history.matches, { serverKey: "s2", paginationOpts: page(25) }),
    },
    { name: "history.match, one match", run: query(api.history.match, { id: seeded.aMatchId }) },
    {
      name: "history.career, busiest player",
      run: query(api.history.career, { steamId: seeded.busiestHistoryPlayer }),
    },
    {
      name: "history.career, quietest player",
      run: query(api.history.career, { steamId: seeded.quietHistoryPlayer }),
    },
    {
      name: "history.careerMatchList, busiest, page of 10",
      run: query(api.history.careerMatchList, {
        steamId: seeded.busiestHistoryPlayer,
        paginationOpts: page(10),
      }),
    },
    {
      name: "history.leaderboard, kills all time, page 1 of 25",
      run: query(api.history.leaderboard, {
        criterion: "kills",
        season: ALL_TIME,
        offset: 0,
        limit: 25,
      }),
    },
    {
      name: "history.leaderboard, K/D all time, rank 2,000",
      run: query(api.history.leaderboard, {
        criterion: "kd",
        season: ALL_TIME,
        offset: 2_000,
        limit: 25,
      }),
    },
    {
      name: "history.leaderboard, ADR latest month, page 1",
      run: query(api.history.leaderboard, {
        criterion: "adr",
        season: seeded.latestMonth,
        offset: 0,
        limit: 25,
      }),
    },
    // Sanctions.
    {
      name: "moderation.history, busiest player, page of 100",
      run: query(api.moderation.history, { steamId: busiestSanctioned, paginationOpts: page(100) }),
    },
    {
      name: "moderation.history, a player with few records",
      run: query(api.moderation.history, { steamId: quietSanctioned, paginationOpts: page(100) }),
    },
    {
      name: "moderation.serverHistory, page of 50",
      run: query(api.moderation.serverHistory, { serverId: s1!, paginationOpts: page(50) }),
    },
    {
      name: "moderation.activeComms, one server, page of 20",
      run: query(api.moderation.activeComms, { serverId: s1!, paginationOpts: page(20) }),
    },
    {
      name: "moderation.flaggedPlayers, 64 sanctioned players on the server",
      run: query(api.moderation.flaggedPlayers, { serverId: s1! }),
    },
    {
      name: "moderation.publicBans, page of 100",
      run: query(api.moderation.publicBans, { paginationOpts: page(100) }),
    },
    {
      name: "check on connect: 16 joiners (poll store)",
      run: inQuery((ctx) => flaggedAmong(ctx, joiners, now)),
    },
    {
      name: "ban in force, one player and server (ban/unban)",
      run: inQuery((ctx) => panelBanInForce(ctx, busiestSanctioned, s1!, now)),
    },
    {
      name: "mute in force, busiest player (mute/unmute)",
      run: inQuery((ctx) => commsInForce(ctx, busiestSanctioned, s1!, "mute", now)),
    },
    // Tournaments.
    { name: "tournament.list (open ones)", run: query(api.tournament.list, {}) },
    {
      name: "tournament.listArchived, page of 100",
      run: query(api.tournament.listArchived, { paginationOpts: page(100) }),
    },
    {
      name: "tournament.get, by slug",
      run: query(api.tournament.get, { slug: `t${Math.floor(sizes.tournaments / 2)}` }),
    },
    // MatchZy events.
    { name: "push.receive, a new event (dedupe + clean-up)", run: push(900_001) },
    { name: "push.receive, the same event again", run: push(900_001) },
  ];
  for (const [name, filters] of auditFilterCases(sizes.audit, seeded.serverIds)) {
    cases.push({
      name: `audit.list, page of 50, ${name}`,
      run: query(api.audit.list, { paginationOpts: page(50), filters }),
    });
  }
  cases.push({
    name: "audit.exportCsv, page of 500, action over 1.9 years",
    run: query(api.audit.exportCsv, { paginationOpts: page(500), filters: { action: "ban" } }),
  });
  return cases;
}

/** Waits until a big match's remaining lines are counted (those steps read too). */
async function linesCounted(backend: BackendHandle) {
  for (;;) {
    const busy = await backend.t.run(async (ctx) =>
      (await ctx.db.system.query("_scheduled_functions").collect()).some(
        (job) =>
          job.name.includes("countMatchLines") &&
          (job.state.kind === "pending" || job.state.kind === "inProgress"),
      ),
    );
    if (!busy) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Seeds, then measures every case; the rebuild of the bans in force is one batch of it. */
export async function measureReads(
  backend: BackendHandle,
  sizes: Sizes,
  progress?: (line: string) => void,
) {
  backend.store.indexed();
  const seeded = await seedAtScale(backend, sizes, progress);
  const reads: Record<string, ReadCost> = {
    "history: recordMatch, one more match (a write)": seeded.recordMatchCost,
  };
  for (const c of readCases(backend, seeded, sizes)) {
    reads[c.name] = (await backend.store.measure(c.run)).cost;
  }
  // A full 64-slot server's match (its players have careers already): the recording transaction
  // counts 10 lines, scheduled steps the rest; each step is measured apart from the others.
  const t = backend.t as unknown as { run<T>(fn: (ctx: MutationCtx) => Promise<T>): Promise<T> };
  const at = Date.now();
  const lines = Array.from({ length: 64 }, (_, i) => ({
    steamId: steamIdOf(1 + i),
    name: `Player ${1 + i}`,
    side: i % 2 ? ("T" as const) : ("CT" as const),
    kills: 40 - (i % 40),
    deaths: 10,
    assists: 2,
    headshots: 5,
    damage: 1800,
    mvps: 1,
    rounds: 24,
  }));
  reads["history: recordMatch, a full 64-slot server (a write)"] = (
    await backend.store.measure(() =>
      t.run((ctx) =>
        recordMatch(ctx, seeded.serverIds[1]!, {
          startedAt: at - 2_400_000,
          endedAt: at,
          mapName: "de_dust2",
          mode: "casual",
          scoreCT: 13,
          scoreT: 11,
          rounds: 24,
          source: "poll",
          lines,
        }),
      ),
    )
  ).cost;
  await linesCounted(backend);
  reads["moderation.rebuildBansInForce, one batch (a write)"] = (
    await backend.store.measure(() =>
      backend.runInternal(internal.moderation.rebuildBansInForce, { cursor: null }),
    )
  ).cost;
  return { seedSeconds: seeded.seedSeconds, reads };
}
