/**
 * A cup match's life, run by the panel: once its teams are known it gets a start time (the
 * admin's, the captains' agreed one, or the cup's delay), check-in opens before it, at the start
 * a team that did not check in loses by walkover (when the cup says so), both teams checked in
 * wait for a free server of the cup's pool, the ban/pick runs on that server's match (a
 * `tournaments` row seated by SteamID), and the series result recorded from the server decides the
 * match, moves the bracket on and frees the server for the next one.
 *
 * Scheduled jobs carry the start time they were planned for: a job for a time that was since
 * changed finds nothing to do, so rescheduling never cancels anything.
 */
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { cryptoChance, randomSlug } from "../../lib/random";
import { kickPollerIfIdle } from "../live/pollSchedule";
import { notify } from "../notifications/notify";
import { archive, createTournament } from "../tournament/state";
import { save, stateOf } from "../tournament/store";
import { pause, startVeto } from "../tournament/veto";
import { allDecided, resolve, type Resolved } from "./bracket";
import { recordResult } from "./format";
import { vetoFor } from "./veto";
import { championOf } from "./standings";
import { bracketOf, matchRows, requireCup, teamRows, writeBracket } from "./store";

const MINUTE = 60_000;
/** Phases in which a match holds its server. */
const ON_SERVER = new Set(["veto", "live"]);

type Row = Doc<"cupMatches">;

/** Writes the bracket and then does what the change calls for: schedule, finish, allocate. */
export async function commitBracket(
  ctx: MutationCtx,
  cup: Doc<"cups">,
  rows: readonly Row[],
  next: ReturnType<typeof bracketOf>,
  now: number,
): Promise<void> {
  const written = await writeBracket(ctx, cup._id, rows, next);
  for (const tournamentId of written.released) await closeVeto(ctx, tournamentId, now);
  await afterChange(ctx, cup, written.rows, written.resolved, now);
}

async function afterChange(
  ctx: MutationCtx,
  cup: Doc<"cups">,
  rows: readonly Row[],
  resolved: Resolved,
  now: number,
): Promise<void> {
  if (cup.status !== "running") return;
  for (const row of rows) {
    if (row.phase === "waiting" && resolved.get(row.key)!.state === "ready") {
      await schedule(ctx, cup, row, row.startAt ?? now + cup.startDelayMinutes * MINUTE, now);
    }
  }
  const bracket = bracketOf(cup, rows);
  if (allDecided(resolved)) {
    await allocateEverywhere(ctx, now);
    const champion = championOf(bracket);
    await ctx.db.patch("cups", cup._id, {
      status: "finished",
      finishedAt: now,
      ...(champion ? { champion: champion as Id<"cupTeams"> } : {}),
    });
    const name = champion
      ? (await ctx.db.get("cupTeams", champion as Id<"cupTeams">))?.name
      : undefined;
    await notify(ctx, { kind: "cupFinished", cup: cup.name, champion: name ?? "—" });
    return;
  }
  await allocateEverywhere(ctx, now);
}

/** Cups looked at for a freed server at most (the running ones among the newest). */
const CUPS_SHARING_MAX = 50;

/** A server may have been freed: every running cup (they may share servers) takes what is free. */
export async function allocateEverywhere(ctx: MutationCtx, now: number) {
  const cups = await ctx.db
    .query("cups")
    .withIndex("by_archived", (q) => q.eq("archived", false))
    .order("desc")
    .take(CUPS_SHARING_MAX);
  for (const cup of cups) if (cup.status === "running") await allocateServers(ctx, cup._id, now);
}

/** Sets a match's start and plans its check-in and its start. */
export async function schedule(
  ctx: MutationCtx,
  cup: Doc<"cups">,
  row: Row,
  startAt: number,
  now: number,
): Promise<void> {
  const openAt = startAt - cup.checkInMinutes * MINUTE;
  const phase = now >= openAt ? "check_in" : "scheduled";
  await ctx.db.patch("cupMatches", row._id, { startAt, phase, checkedIn: [] });
  if (phase === "scheduled") {
    await ctx.scheduler.runAt(openAt, internal.cups.openCheckIn, { matchId: row._id, startAt });
  }
  await ctx.scheduler.runAt(startAt, internal.cups.startDue, { matchId: row._id, startAt });
  const names = await teamNames(ctx, cup, row);
  await notify(ctx, { kind: "cupMatch", stage: "ready", cup: cup.name, ...names, at: startAt });
  if (phase === "check_in") {
    await notify(ctx, { kind: "cupMatch", stage: "checkIn", cup: cup.name, ...names, at: startAt });
  }
}

/** The job at check-in time: opens it, unless the start moved since. */
export async function openCheckIn(ctx: MutationCtx, matchId: Id<"cupMatches">, startAt: number) {
  const row = await ctx.db.get("cupMatches", matchId);
  if (!row || row.startAt !== startAt || row.phase !== "scheduled") return;
  await ctx.db.patch("cupMatches", row._id, { phase: "check_in" });
  const cup = await requireCup(ctx, row.cupId);
  const names = await teamNames(ctx, cup, row);
  await notify(ctx, { kind: "cupMatch", stage: "checkIn", cup: cup.name, ...names, at: startAt });
}

/**
 * The job at the start: both teams in, the match queues for a server; one missing, it loses by
 * walkover (or, with walkovers off, an admin decides); nobody in, the first team listed (the
 * better seed's side of the bracket) goes on only with walkovers on.
 */
export async function startDue(ctx: MutationCtx, matchId: Id<"cupMatches">, startAt: number) {
  const row = await ctx.db.get("cupMatches", matchId);
  if (!row || row.startAt !== startAt) return;
  if (row.phase !== "scheduled" && row.phase !== "check_in") return;
  const cup = await requireCup(ctx, row.cupId);
  const { teamA, teamB } = await teamsOf(ctx, cup, row);
  const inA = row.checkedIn.includes(teamA);
  const inB = row.checkedIn.includes(teamB);
  const now = Date.now();
  if (inA && inB) {
    await ctx.db.patch("cupMatches", row._id, { phase: "queued" });
    await allocateServers(ctx, cup._id, now);
    return;
  }
  if (!cup.noShowWalkover) {
    await ctx.db.patch("cupMatches", row._id, { phase: "no_show" });
    return;
  }
  const winner = inB && !inA ? teamB : teamA;
  const rows = await matchRows(ctx, cup._id);
  const next = recordResult(bracketOf(cup, rows), row.key, {
    winner,
    winnerMaps: 0,
    loserMaps: 0,
    walkover: true,
  });
  const names = await teamNames(ctx, cup, row);
  await notify(ctx, {
    kind: "cupMatch",
    stage: "walkover",
    cup: cup.name,
    ...names,
    winner: winner === teamA ? names.teamA : names.teamB,
  });
  await commitBracket(ctx, cup, rows, next, now);
}

/** The two teams of a row whose bracket slots are decided. */
async function teamsOf(ctx: QueryCtx, cup: Doc<"cups">, row: Row) {
  const rows = await matchRows(ctx, cup._id);
  const r = resolve(bracketOf(cup, rows).matches, cup.seeds).get(row.key)!;
  return { teamA: r.teamA as Id<"cupTeams">, teamB: r.teamB as Id<"cupTeams"> };
}

async function teamNames(ctx: QueryCtx, cup: Doc<"cups">, row: Row) {
  const { teamA, teamB } = await teamsOf(ctx, cup, row);
  const a = teamA ? await ctx.db.get("cupTeams", teamA) : null;
  const b = teamB ? await ctx.db.get("cupTeams", teamB) : null;
  return { teamA: a?.name ?? "—", teamB: b?.name ?? "—" };
}

/** Servers of `serverIds` that no cup match is playing on now (cups may share servers). */
export async function freeServers(
  ctx: QueryCtx,
  serverIds: readonly Id<"servers">[],
): Promise<Id<"servers">[]> {
  const free: Id<"servers">[] = [];
  for (const serverId of serverIds) {
    const holders = await ctx.db
      .query("cupMatches")
      .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
      .take(20);
    if (!holders.some((h) => ON_SERVER.has(h.phase))) free.push(serverId);
  }
  return free;
}

/** Gives each queued match of the cup, in play order, a free server of its pool and its veto. */
export async function allocateServers(ctx: MutationCtx, cupId: Id<"cups">, now: number) {
  const cup = await requireCup(ctx, cupId);
  if (cup.status !== "running") return;
  const queued = (await matchRows(ctx, cupId)).filter((r) => r.phase === "queued");
  if (queued.length === 0) return;
  const free = await freeServers(ctx, cup.serverIds);
  for (const row of queued) {
    const serverId = free.shift();
    if (!serverId) return;
    await startVetoFor(ctx, cup, row, serverId, now);
  }
}

/** The match's ban/pick, seated from both rosters by SteamID, its clock running. */
async function startVetoFor(
  ctx: MutationCtx,
  cup: Doc<"cups">,
  row: Row,
  serverId: Id<"servers">,
  now: number,
) {
  const { teamA, teamB } = await teamsOf(ctx, cup, row);
  const a = (await ctx.db.get("cupTeams", teamA))!;
  const b = (await ctx.db.get("cupTeams", teamB))!;
  const format = { ...vetoFor(cup.veto, row.bestOf), readyCheck: false, steamRequired: true };
  const seats = (team: Doc<"cupTeams">) => ({
    name: team.name,
    players: team.roster.slice(0, format.teamSize).map((p) => ({
      nickname: p.name,
      joinedAt: now,
      steamId: p.steamId,
    })),
  });
  const created = {
    ...createTournament({ createdBy: cup.createdBy, now, format, slug: randomSlug(8) }),
    name: `${cup.name}: ${row.key}`,
    teamA: seats(a),
    teamB: seats(b),
    cupMatchId: row._id,
  };
  const started = { ...startVeto({ ...created, status: "ready_check" }, now, cryptoChance) };
  const tournamentId = await ctx.db.insert("tournaments", created);
  await save(ctx, tournamentId, created, started);
  await ctx.db.patch("cupMatches", row._id, {
    phase: "veto",
    serverId,
    tournamentId,
    tournamentSlug: created.slug,
    live: { a: 0, b: 0 },
  });
  // Polled from now on, watched or not, until the match leaves the server.
  await kickPollerIfIdle(ctx, serverId);
  await notify(ctx, {
    kind: "cupMatch",
    stage: "started",
    cup: cup.name,
    teamA: a.name,
    teamB: b.name,
  });
}

/**
 * A map of the match's series was launched on its server: the match is in play, not in its
 * ban/pick any more (one write per map, so the bracket says «Наживо» while the map is played).
 */
export async function markLive(ctx: MutationCtx, tournamentId: Id<"tournaments">): Promise<void> {
  const doc = await ctx.db.get("tournaments", tournamentId);
  if (!doc?.cupMatchId) return;
  const row = await ctx.db.get("cupMatches", doc.cupMatchId);
  if (row?.tournamentId === tournamentId && row.phase === "veto") {
    await ctx.db.patch("cupMatches", row._id, { phase: "live" });
  }
}

/**
 * A map of a cup match was recorded: its score shows on the bracket, and once a team has won the
 * series, the match is decided by it, the bracket moves on and the server is free.
 */
export async function applySeries(
  ctx: MutationCtx,
  cupMatchId: Id<"cupMatches">,
  score: { a: number; b: number },
  winner: "teamA" | "teamB" | undefined,
): Promise<void> {
  const row = await ctx.db.get("cupMatches", cupMatchId);
  if (!row || row.phase === "done") return;
  if (!winner) {
    if (row.live?.a !== score.a || row.live?.b !== score.b || row.phase !== "live") {
      await ctx.db.patch("cupMatches", row._id, { live: score, phase: "live" });
    }
    // The series goes on: its next map is launched on the same server.
    if (row.tournamentId) {
      await ctx.scheduler.runAfter(0, internal.cups.launchNext, {
        tournamentId: row.tournamentId,
        attempt: 0,
      });
    }
    return;
  }
  const cup = await requireCup(ctx, row.cupId);
  const teams = await teamsOf(ctx, cup, row);
  const rows = await matchRows(ctx, cup._id);
  const next = recordResult(bracketOf(cup, rows), row.key, {
    winner: teams[winner],
    winnerMaps: winner === "teamA" ? score.a : score.b,
    loserMaps: winner === "teamA" ? score.b : score.a,
  });
  const names = await teamNames(ctx, cup, row);
  await notify(ctx, {
    kind: "cupMatch",
    stage: "result",
    cup: cup.name,
    ...names,
    winner: winner === "teamA" ? names.teamA : names.teamB,
    scoreA: score.a,
    scoreB: score.b,
  });
  await commitBracket(ctx, cup, rows, next, Date.now());
}

/**
 * A match decided without its series (a walkover, an admin's result) or sent back to be played
 * again: its ban/pick stops where it is (archived, its clock paused), so no turn stays open and no
 * timer bans for a match that is over. A series already won is left as its record.
 */
async function closeVeto(ctx: MutationCtx, tournamentId: Id<"tournaments">, now: number) {
  const doc = await ctx.db.get("tournaments", tournamentId);
  if (!doc || doc.archived || doc.seriesWinner) return;
  const state = stateOf(doc);
  await save(
    ctx,
    doc._id,
    state,
    archive(state, (t) => pause(t, now)),
  );
}

/**
 * An undecided match played again from the start (a drawn series, a team that never came, a server
 * lost): its ban/pick stops, its server is free, and it is scheduled anew with a fresh check-in.
 */
export async function restartMatch(ctx: MutationCtx, cup: Doc<"cups">, row: Row, now: number) {
  if (row.tournamentId) await closeVeto(ctx, row.tournamentId, now);
  const {
    _id,
    _creationTime,
    serverId: _server,
    tournamentId: _tournament,
    tournamentSlug: _slug,
    live: _live,
    startAt: _start,
    proposal: _proposal,
    ...rest
  } = row;
  await ctx.db.replace("cupMatches", _id, { ...rest, phase: "waiting", checkedIn: [] });
  const rows = await matchRows(ctx, cup._id);
  await afterChange(ctx, cup, rows, resolve(bracketOf(cup, rows).matches, cup.seeds), now);
}

/**
 * A match on a server that is gone or silent moves to another free server of its pool, its ban/pick
 * kept: the map in play without a result is launched there anew (a map not launched yet will be).
 */
export async function moveMatch(ctx: MutationCtx, row: Row, serverId: Id<"servers">) {
  await ctx.db.patch("cupMatches", row._id, { serverId });
  await kickPollerIfIdle(ctx, serverId);
  const doc = row.tournamentId ? await ctx.db.get("tournaments", row.tournamentId) : null;
  if (doc && doc.status === "finished") {
    await ctx.scheduler.runAfter(0, internal.cups.launchNext, {
      tournamentId: doc._id,
      attempt: 0,
      again: true,
    });
  }
}

/** Loads the cup's rows and teams for a change by an admin or a job. */
export async function loadCup(ctx: QueryCtx, cupId: Id<"cups">) {
  const cup = await requireCup(ctx, cupId);
  return { cup, rows: await matchRows(ctx, cupId), teams: await teamRows(ctx, cupId) };
}
