/**
 * The three per-server documents the poller writes and everyone else reads (status, match,
 * players), and when to write them. A write invalidates every subscription that read the
 * document, so the poller only writes when what viewers see would change. MatchZy events
 * (model/push/receive.ts) write the status and the match's scores, round and phase through
 * `storePushedMatch`.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { boardFromPlayers, boardRoster } from "../../lib/scoreboard";
import type {
  TextRef,
  BoardLine,
  Match,
  Player,
  PollResult,
  ServerSnapshot,
  Summary,
} from "../../lib/validators";
import { gotvAddressOf, gotvPatch } from "./gotv";
import { notifyServerState } from "../notifications/notify";
import {
  behindPush,
  C4_TIMER_MS,
  keepLoggedBomb,
  keepTeamNames,
  sidesSwapped,
  steadyClocks,
} from "./matchMerge";
import { serverByKey, SERVER_KEY_MAX_LENGTH } from "../servers/records";
import { requestSteamData } from "../steam/data";
import {
  matchSnapshotOf,
  playerSnapshotOf,
  snapshotAt,
  statusOf,
  storedMatchSnapshotOf,
} from "./snapshots";
import { coursed, learnTiming, withCourse } from "./roundCourse";
import { courseStepStart } from "../../lib/phaseCourse";
import { sameJson } from "../../lib/sameJson";

/** "Name (SteamID64)" by the server's snapshot or their newest sanction, else the SteamID64 alone. */
export async function playerLabel(
  ctx: QueryCtx,
  serverId: Id<"servers">,
  steamId: string,
): Promise<string> {
  const snapshot = await playerSnapshotOf(ctx, serverId);
  const name =
    snapshot?.players.find((p) => p.steamId === steamId)?.name ??
    (await lastSanctionedName(ctx, steamId));
  return name ? `${name} (${steamId})` : steamId;
}

/**
 * The name a player had when last sanctioned: an unban (or a ban by SteamID) finds them gone from
 * the server, and the audit entry should still name them. A bounded read of their newest records.
 */
async function lastSanctionedName(ctx: QueryCtx, steamId: string): Promise<string | undefined> {
  const recent = await ctx.db
    .query("sanctions")
    .withIndex("by_steamId_and_at", (q) => q.eq("steamId", steamId))
    .order("desc")
    .take(5);
  return recent.find((s) => s.playerName)?.playerName;
}

/**
 * Enabled servers in display order (at most 50) as everyone may see them: key, name, the address
 * players connect to, the cached online state and whether any poll has finished yet (`known`).
 */
export async function enabledServersWithStatus(ctx: QueryCtx) {
  const servers = await ctx.db.query("servers").withIndex("by_order").take(50);
  const result = [];
  for (const server of servers) {
    if (server.disabled) continue;
    const status = await statusOf(ctx, server._id);
    const gotvAddress = gotvAddressOf(server, status);
    result.push({
      key: server.key,
      name: server.name,
      connectAddress: server.connectAddress,
      online: status?.online ?? false,
      known: status !== null,
      ...(gotvAddress ? { gotvAddress } : {}),
    });
  }
  return result;
}

/** Everything cached about one server, as the public read API serves it. */
export async function snapshotOfServer(
  ctx: QueryCtx,
  server: Doc<"servers">,
): Promise<ServerSnapshot> {
  const status = await statusOf(ctx, server._id);
  const match = await matchSnapshotOf(ctx, server._id);
  const players = await playerSnapshotOf(ctx, server._id);
  // The status row's stamp is refreshed only when no fresh snapshot already says the server
  // answers (see storeStatus): the newest of the three is when it last did.
  const lastSuccessAt =
    Math.max(status?.lastSuccessAt ?? 0, match?.updatedAt ?? 0, players?.updatedAt ?? 0) || null;
  return {
    key: server.key,
    name: server.name,
    connectAddress: server.connectAddress,
    online: status?.online ?? false,
    lastSuccessAt,
    match: match?.match ?? null,
    summary: match?.summary ?? null,
    players: players?.players ?? [],
    updatedAt: Math.max(match?.updatedAt ?? 0, players?.updatedAt ?? 0) || null,
  };
}

export { sameJson };

export function matchChanged(
  stored: { match: Match; summary?: Summary } | null,
  next: { match: Match; summary: Summary },
): boolean {
  return !stored || !sameJson(stored.match, next.match) || !sameJson(stored.summary, next.summary);
}

export function playersChanged(stored: Player[] | null, next: Player[]): boolean {
  return !stored || !sameJson(stored, next);
}

/**
 * Slow-moving aggregates are written at most this often; what viewers follow move by move (map,
 * mode, scores, round, phase, players online, who is on which team) is written at once. A round end
 * changes the score, so it carries the totals with it. The totals card (dashboard: every spectator
 * reads it) refreshes once a minute, the per-player stats (players tab) twice.
 */
export const TOTALS_REFRESH_MS = 60_000;
export const PLAYER_STATS_REFRESH_MS = 30_000;

/**
 * Whether a poll's match + totals + scoreboard should be written now (see TOTALS_REFRESH_MS): the
 * match, or who plays on which side, at once; the totals' and the scoreboard's numbers with the
 * next write or at most once a minute.
 */
export function matchWriteDue(
  stored: { match: Match; summary?: Summary; board?: BoardLine[]; updatedAt: number } | null,
  next: { match: Match; summary?: Summary; board?: BoardLine[] },
  now: number,
): boolean {
  if (!stored || !sameJson(stored.match, next.match)) return true;
  if (boardRoster(stored.board) !== boardRoster(next.board)) return true;
  const slow = !sameJson(stored.summary, next.summary) || !sameJson(stored.board, next.board);
  // Between rounds the numbers are the round's final ones: the board and the totals follow each
  // round end (the poll after it fetches the players), not a minute later.
  return slow && (roundBreak(next.match) || now - stored.updatedAt >= TOTALS_REFRESH_MS);
}

/** The round is over and the next one not live yet: the numbers stand still until it is. */
export function roundBreak(match: Match): boolean {
  return match.roundPhase === "over" || match.roundPhase === "freezetime";
}

/** Who is on the server and on which side, without the stats. */
function roster(players: Player[]) {
  return players.map((p) => [p.steamId, p.name, p.team]);
}

/** Whether a poll's player list should be written now: roster changes at once, stats throttled. */
export function playersWriteDue(
  stored: { players: Player[]; updatedAt: number } | null,
  next: Player[],
  now: number,
): boolean {
  if (!stored || !sameJson(roster(stored.players), roster(next))) return true;
  return !sameJson(stored.players, next) && now - stored.updatedAt >= PLAYER_STATS_REFRESH_MS;
}

/**
 * The liveness stamp behind "оновлено N с тому" is refreshed at most this often while nothing else
 * changes; the client counts up from the newest of it and the snapshots' own stamps, so the hint
 * is never more than this (plus one poll) behind.
 */
export const LIVENESS_REFRESH_MS = 60_000;

export type StatusWrite =
  | { kind: "none" }
  | { kind: "online"; refreshOnly: boolean }
  | { kind: "offline"; error: string; errorText?: TextRef };

/** When the viewer-facing status document must be written (flip, or liveness older than 60 s). */
export function statusWrite(
  stored: { online: boolean; livenessAt: number } | null,
  result: { ok: true } | { ok: false; error: string; errorText?: TextRef },
  now: number,
): StatusWrite {
  if (result.ok) {
    if (!stored || !stored.online) return { kind: "online", refreshOnly: false };
    return now - stored.livenessAt >= LIVENESS_REFRESH_MS
      ? { kind: "online", refreshOnly: true }
      : { kind: "none" };
  }
  if (!stored || stored.online) {
    return { kind: "offline", error: result.error, errorText: result.errorText };
  }
  return { kind: "none" };
}

/** Writes the status document when `statusWrite` says so (an online/offline flip or liveness). */
export async function storeStatus(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  result: { ok: true; tvPort?: number | null } | { ok: false; error: string; errorText?: TextRef },
  now: number,
  /** When viewers last got a fresh match snapshot: it already tells them the data is live. */
  shownAt?: number,
): Promise<void> {
  const status = await statusOf(ctx, serverId);
  let write = statusWrite(status, result, now);
  // "оновлено N с тому" counts from the newer of the two stamps: a liveness write while the match
  // snapshot itself is fresh would wake every dashboard for nothing.
  const snapshotFresh = shownAt !== undefined && now - shownAt < LIVENESS_REFRESH_MS;
  if (write.kind === "online" && write.refreshOnly && snapshotFresh) write = { kind: "none" };
  const gotv = result.ok ? gotvPatch(status, result.tvPort) : null;
  if (write.kind === "none" && gotv && status) {
    await ctx.db.patch("serverStatus", status._id, gotv);
  } else if (write.kind === "online") {
    const fields = {
      online: true,
      lastSuccessAt: now,
      livenessAt: now,
      lastError: undefined,
      lastErrorText: undefined,
      ...gotv,
    };
    if (status) {
      await ctx.db.patch(
        "serverStatus",
        status._id,
        write.refreshOnly
          ? { lastSuccessAt: now, livenessAt: now, ...gotv }
          : { ...fields, changedAt: now },
      );
    } else await ctx.db.insert("serverStatus", { serverId, ...fields, changedAt: now });
  } else if (write.kind === "offline") {
    const fields = {
      online: false,
      livenessAt: now,
      lastError: write.error,
      lastErrorText: write.errorText,
      changedAt: now,
    };
    if (status) await ctx.db.patch("serverStatus", status._id, fields);
    else await ctx.db.insert("serverStatus", { serverId, ...fields });
  }
  if (status && write.kind !== "none" && !(write.kind === "online" && write.refreshOnly)) {
    await notifyServerState(ctx, serverId, write.kind === "online");
  }
}

/** The fields a MatchZy event writes (model/push/receive.ts); the poller owns the rest. */
export type PushedMatchFields = Partial<
  Pick<Match, "scoreCT" | "scoreT" | "round" | "roundPhase" | "teamCT" | "teamT">
> & {
  /** A map starts: the teams' names by side from the map before no longer hold. */
  newMap?: true;
};

/**
 * The bomb as CS2's log last told it, on a server whose polls cannot see it (no phase: plain CS2
 * over RCON or the proxy): planted (the timer starts now) or gone (defused, exploded, the round
 * over). One write, only on a change. Where the plugin reports the bomb itself, its own timer
 * stands and the log writes nothing, so a plant never costs viewers two re-runs.
 */
export async function storeLoggedBomb(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  bomb: "planted" | "gone",
  now: number,
): Promise<boolean> {
  const snapshot = await matchSnapshotOf(ctx, serverId);
  if (!snapshot?.match.unknown?.includes("phase")) return false;
  const { bombEndsAt, ...rest } = snapshot.match;
  if (bomb === "planted" && bombEndsAt !== undefined && bombEndsAt > now) return false;
  if (bomb === "gone" && bombEndsAt === undefined) return false;
  const match: Match = bomb === "planted" ? { ...rest, bombEndsAt: now + C4_TIMER_MS } : rest;
  await ctx.db.patch("matchSnapshots", snapshot._id, { match, updatedAt: now });
  return true;
}

/**
 * What a MatchZy event says about the match: the game server is online, and the fields it proved
 * replace the stored ones. Written only when they change; without a stored match (no poll yet)
 * only the status is written, the poller fills the rest.
 */
export async function storePushedMatch(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  fields: PushedMatchFields,
  now: number,
  /** The players' lines the event carried, by the side they played its round on. */
  board?: BoardLine[],
): Promise<boolean> {
  await storeStatus(ctx, serverId, { ok: true }, now);
  const snapshot = await matchSnapshotOf(ctx, serverId);
  if (!snapshot) return false;
  const { newMap, ...proved } = fields;
  const match: Match = { ...snapshot.match, ...proved };
  if (newMap && proved.teamCT === undefined) {
    delete match.teamCT;
    delete match.teamT;
  }
  if (fields.roundPhase && fields.roundPhase !== snapshot.match.roundPhase) {
    // MatchZy's events tell no clock: the old phase's would count down the wrong thing.
    delete match.phaseEndsAt;
    delete match.bombEndsAt;
  }
  if (match.roundPhase !== snapshot.match.roundPhase || match.round !== snapshot.match.round) {
    // The course went from the phase the event has just replaced.
    delete match.upcoming;
  }
  if (match.unknown && fields.scoreCT !== undefined) {
    // The event proved the score and phase a plain RCON poll could not read.
    const unknown = match.unknown.filter((f) => f !== "score" && f !== "phase");
    if (unknown.length > 0) match.unknown = unknown;
    else delete match.unknown;
  }
  const nextBoard = board ?? snapshot.board;
  if (sameJson(match, snapshot.match) && sameJson(nextBoard, snapshot.board)) return false;
  await ctx.db.patch("matchSnapshots", snapshot._id, {
    match,
    ...(nextBoard ? { board: nextBoard } : {}),
    updatedAt: now,
    pushedAt: now,
  });
  return true;
}

/**
 * The map the panel's own action just put on the server (a map change, a match launch): written
 * at once so viewers see it without waiting for a poll; the next poll confirms it (or shows what
 * the server really runs). The old map's score, round and phase go with it (a new map starts in
 * warm-up at 0:0), and so does the push guard, which holds a pushed round only on its own map.
 * Nothing is written when the map already shows.
 */
export async function storeExpectedMap(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  mapName: string,
  now: number,
): Promise<boolean> {
  const snapshot = await matchSnapshotOf(ctx, serverId);
  if (!snapshot || snapshot.match.mapName === mapName) return false;
  const { round: _round, teamCT: _ct, teamT: _t, upcoming: _course, ...rest } = snapshot.match;
  await ctx.db.patch("matchSnapshots", snapshot._id, {
    match: { ...rest, mapName, scoreCT: 0, scoreT: 0, roundPhase: "warmup" },
    updatedAt: now,
    pushedAt: undefined,
  });
  return true;
}

/**
 * Stores one poll's result: the status flip or liveness, then whichever snapshot changed. Answers
 * the players who connected since the stored list (none when there was no list to compare with).
 */
export async function storePollResult(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  result: PollResult,
  now: number,
): Promise<Player[]> {
  if (!result.ok) {
    await storeStatus(ctx, serverId, result, now);
    return [];
  }
  const stored = await storedMatchSnapshotOf(ctx, serverId);
  // Merged with the match as it stands now: the stored one moved along its course.
  const snapshot = stored && snapshotAt(stored, now);
  const named = keepLoggedBomb(
    snapshot?.match,
    steadyClocks(snapshot?.match, keepTeamNames(snapshot?.match, result.match)),
    now,
  );
  const kept = behindPush(snapshot, named, now);
  // What an event or CS2's log told and this poll cannot read (totals, players' numbers on a
  // plain server over RCON) stays as they told it.
  const told = kept !== named && !!snapshot?.summary && !snapshot.match.unknown?.includes("totals");
  const read = told ? withoutUnknown(kept, "totals") : kept;
  // The phase this poll read itself, not one an event or CS2's log told (kept with its course).
  const ownPhase = kept === named;
  const stepStart = stored ? courseStepStart(stored.match, now) : undefined;
  const roundTiming = ownPhase
    ? learnTiming(snapshot?.match, read, stored?.roundTiming, stepStart)
    : stored?.roundTiming;
  const match = !ownPhase
    ? read
    : stored
      ? coursed(stored.match, snapshot!.match, read, roundTiming, now)
      : withCourse(read, roundTiming);
  const summary = told && kept.unknown?.includes("totals") ? snapshot.summary! : result.summary;
  const statsUnknown = !!result.players?.some((p) => p.statsUnknown);
  // A poll without the player list keeps the board it has (a later list or event refreshes it),
  // on the sides the teams play now.
  const board =
    told && statsUnknown && snapshot?.board
      ? snapshot.board
      : result.players
        ? boardFromPlayers(result.players)
        : snapshot?.board && sidesSwapped(snapshot.match, match)
          ? snapshot.board.map((l) => ({
              ...l,
              side: l.side === "CT" ? ("T" as const) : ("CT" as const),
            }))
          : snapshot?.board;
  const polled = { match, summary, ...(board ? { board } : {}) };
  // Against the match as it stands now: a phase the course moved on to counts as shown when it
  // began, as if it had been written, so the totals' minute and the freshness stamp count from it
  // (the browser's hint does the same).
  const matchDue = matchWriteDue(snapshot, polled, now);
  await storeStatus(ctx, serverId, result, now, matchDue ? now : snapshot?.updatedAt);
  // A new map may be a workshop map to name; new players may have Steam avatars (one lookup).
  const mapNames = !snapshot || snapshot.match.mapName !== match.mapName ? [match.mapName] : [];
  if (matchDue) {
    const pushedAt = read === named ? undefined : snapshot?.pushedAt;
    const doc = {
      serverId,
      ...polled,
      updatedAt: now,
      ...(pushedAt ? { pushedAt } : {}),
      ...(roundTiming ? { roundTiming } : {}),
    };
    if (stored) await ctx.db.replace("matchSnapshots", stored._id, doc);
    else await ctx.db.insert("matchSnapshots", doc);
  }
  const players = result.players ? await playerSnapshotOf(ctx, serverId) : null;
  if (!result.players || !playersWriteDue(players, result.players, now)) {
    await requestSteamData(ctx, { mapNames }, now);
    return [];
  }
  const doc = { serverId, players: result.players, updatedAt: now };
  if (players) await ctx.db.replace("playerSnapshots", players._id, doc);
  else await ctx.db.insert("playerSnapshots", doc);
  const joined = players ? joinedSince(players.players, result.players) : result.players;
  await requestSteamData(ctx, { mapNames, steamIds: joined.map((p) => p.steamId) }, now);
  return players ? joined : [];
}

function withoutUnknown(match: Match, field: NonNullable<Match["unknown"]>[number]): Match {
  if (!match.unknown?.includes(field)) return match;
  const { unknown, ...rest } = match;
  const left = unknown.filter((f) => f !== field);
  return left.length > 0 ? { ...rest, unknown: left } : rest;
}

/** Players connected in `next` who were not connected in `before`. */
export function joinedSince(before: Player[], next: Player[]): Player[] {
  const connected = new Set(before.filter((p) => p.team !== "Offline").map((p) => p.steamId));
  return next.filter((p) => p.team !== "Offline" && !connected.has(p.steamId));
}

/** How a viewer names the server to show, known before any server list arrives. */
export interface ServerRef {
  /** The key in a shared link (`/?server=<key>`, `/overlay/<key>`). */
  serverKey?: string;
  /** The server this browser showed last (any string: a stale or foreign id names nothing). */
  serverId?: string;
  /** Fall back to the first enabled server (the panel) rather than to none (the overlay). */
  orFirst?: boolean;
}

/**
 * The enabled server a viewer's reference names: the key, else the remembered id, else (with
 * `orFirst`) the first in display order, the same choice the panel makes from the server list, so
 * the first screen's data comes in the same round trip as the list.
 */
export async function shownServer(ctx: QueryCtx, ref: ServerRef): Promise<Doc<"servers"> | null> {
  // A longer key names nothing (and is not worth an index lookup).
  if (ref.serverKey !== undefined && ref.serverKey.length <= SERVER_KEY_MAX_LENGTH) {
    const byKey = await serverByKey(ctx, ref.serverKey);
    if (byKey && !byKey.disabled) return byKey;
  }
  const id = ref.serverId === undefined ? null : ctx.db.normalizeId("servers", ref.serverId);
  if (id !== null) {
    const byId = await ctx.db.get("servers", id);
    if (byId && !byId.disabled) return byId;
  }
  if (!ref.orFirst) return null;
  // Disabled servers are few; 50 is the list's own bound.
  const first = await ctx.db.query("servers").withIndex("by_order").take(50);
  return first.find((s) => !s.disabled) ?? null;
}
