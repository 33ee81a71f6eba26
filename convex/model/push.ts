/**
 * MatchZy push (DESIGN §2a; research/cs2-game-server.md §10; docs/game-server-api.md §6): a game
 * server running MatchZy POSTs its events to `POST /api/events/{serverKey}` with a per-server
 * secret in the `X-Panel-Push-Key` header. An accepted event updates the live documents at once
 * (`storePushedMatch` in model/liveData.ts); while events flow the poller only checks consistency
 * (`pushActive`); when they stop, it polls as before by itself. The admin turns push on and off
 * from the panel (`enablePush`, `disablePush`): the three `matchzy_remote_log_*` commands go
 * through the typed command layer, and the free console box refuses them.
 *
 * The endpoint answers, in this order (nothing from a request is stored before its secret matched):
 *
 *   body over 64 KiB → 413 · not JSON → 400 · no secret header → 401 · unknown or disabled server
 *   → 404 · wrong secret, or push off → 401 · over the server's rate → 429 · not an object with an
 *   `event` string → 400 · an event the panel does not use → 200, ignored · a used event with a bad
 *   shape → 400 · a repeated delivery → 200, nothing stored · otherwise stored and applied → 200.
 */
import { parse } from "convex-helpers/validators";
import { v } from "convex/values";
import { internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { env, type ActionCtx, type MutationCtx, type QueryCtx } from "../_generated/server";
import type { ActionViewer } from "../lib/functions";
import {
  MATCHZY_ROUND_END_REASON,
  MATCHZY_SIDE,
  vMatchzyGoingLive,
  vMatchzyMapResult,
  vMatchzyRoundEnd,
  vMatchzySeriesEnd,
  vMatchzySeriesStart,
  type MatchzyEvent,
  type MatchzyMapResult,
  type MatchzyRoundEnd,
} from "../lib/matchzyEvents";
import { ownValue } from "../lib/ownKey";
import { PUSH_ACTIVE_MS, PUSH_HEADER } from "../lib/push";
import { limitPushEvent } from "../lib/rateLimits";
import { pathSegments } from "../lib/readApiRouter";
import type { Match, PushTrack, Side } from "../lib/validators";
import { matchSnapshotOf, storePushedMatch, storeStatus, type PushedMatchFields } from "./liveData";
import { trackPush } from "./history/detect";
import { requireServer, runServerAction, type ActionResult } from "./serverActions";
import { pushSecretOf, serverByKey, writePushSecret } from "./servers";

export { PUSH_ACTIVE_MS, PUSH_HEADER };

/** Where MatchZy posts: `<site URL>/api/events/<serverKey>`. */
export const EVENTS_PATH = "/api/events/";
export const PUSH_BODY_MAX_BYTES = 64 * 1024;
/** The longest header value compared against a secret (ours are 64 characters). */
const SECRET_MAX = 256;
/** The poller's interval while events flow: a consistency check (model/poller.ts). */
export const PUSH_CHECK_INTERVAL_MS = 30_000;
/** How long a received event is remembered to recognise a repeated delivery. */
export const PUSH_DEDUPE_TTL_MS = 24 * 60 * 60_000;
/** Expired dedupe rows deleted per new event: more than one, so the table only ever shrinks. */
const DEDUPE_CLEANUP_BATCH = 4;

// ---- The HTTP action ----

export type PushReplyBody =
  { ok: true; duplicate?: boolean; ignored?: boolean } | { error: string };

export interface PushReply {
  status: number;
  body: PushReplyBody;
  /** With 429: when the server's budget has a token again. */
  retryAfterMs?: number;
}

export const vPushReply = v.object({
  status: v.number(),
  body: v.union(
    v.object({
      ok: v.literal(true),
      duplicate: v.optional(v.boolean()),
      ignored: v.optional(v.boolean()),
    }),
    v.object({ error: v.string() }),
  ),
  retryAfterMs: v.optional(v.number()),
});

const NOT_FOUND: PushReply = { status: 404, body: { error: "Server not found" } };
const UNAUTHORIZED: PushReply = { status: 401, body: { error: "Unauthorized" } };
const INVALID_EVENT: PushReply = { status: 400, body: { error: "Invalid event" } };

function respond({ status, body, retryAfterMs }: PushReply): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      ...(retryAfterMs !== undefined
        ? { "Retry-After": String(Math.max(1, Math.ceil(retryAfterMs / 1000))) }
        : {}),
    },
  });
}

/**
 * The body as UTF-8 text, or null when it is longer than `max` bytes. A declared length over the
 * bound is refused before reading; otherwise the stream is read up to the bound and cancelled.
 */
export async function readBodyLimited(request: Request, max: number): Promise<string | null> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > max) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/**
 * `POST /api/events/{serverKey}`: the checks that need no database (path, size, JSON, a secret
 * header at all), then one mutation that does the rest (`receivePushEvent`).
 */
export async function receivePushRequest(ctx: ActionCtx, request: Request): Promise<Response> {
  const segments = pathSegments(new URL(request.url).pathname.slice(EVENTS_PATH.length));
  if (!segments) return respond({ status: 400, body: { error: "Malformed path" } });
  const [key] = segments;
  if (segments.length !== 1 || !key) return respond(NOT_FOUND);
  const body = await readBodyLimited(request, PUSH_BODY_MAX_BYTES);
  if (body === null) return respond({ status: 413, body: { error: "Payload too large" } });
  try {
    JSON.parse(body);
  } catch {
    return respond({ status: 400, body: { error: "Invalid JSON" } });
  }
  const secret = request.headers.get(PUSH_HEADER);
  if (!secret || secret.length > SECRET_MAX) return respond(UNAUTHORIZED);
  return respond(await ctx.runMutation(internal.push.receive, { key, secret, body }));
}

// ---- Receiving an event (one mutation) ----

/** Compares a received secret with the stored one in time that depends only on the stored length. */
export function sameSecret(given: string, expected: string): boolean {
  let diff = given.length ^ expected.length;
  for (let i = 0; i < expected.length; i++) {
    diff |= expected.charCodeAt(i) ^ (i < given.length ? given.charCodeAt(i) : 0);
  }
  return diff === 0 && expected.length > 0;
}

const EVENT_VALIDATORS = {
  series_start: vMatchzySeriesStart,
  going_live: vMatchzyGoingLive,
  round_end: vMatchzyRoundEnd,
  map_result: vMatchzyMapResult,
  series_end: vMatchzySeriesEnd,
};

export type ParsedEvent =
  { kind: "event"; event: MatchzyEvent } | { kind: "unknown"; name: string } | { kind: "invalid" };

/**
 * A body as the panel reads it: one of the events it uses (fields it does not know are dropped),
 * another MatchZy event (`map_picked`, `demo_upload_ended`, … to acknowledge and ignore), or junk.
 */
export function parsePushEvent(json: unknown): ParsedEvent {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return { kind: "invalid" };
  const name: unknown = (json as Record<string, unknown>).event;
  if (typeof name !== "string" || !name) return { kind: "invalid" };
  const validator = ownValue<(typeof EVENT_VALIDATORS)[keyof typeof EVENT_VALIDATORS]>(
    EVENT_VALIDATORS,
    name,
  );
  if (!validator) return { kind: "unknown", name };
  try {
    return { kind: "event", event: parse(validator, json) };
  } catch {
    return { kind: "invalid" };
  }
}

/** What makes a delivery the same event: the match, the event, and its map and round. */
export function eventKey(event: MatchzyEvent): string {
  switch (event.event) {
    case "series_start":
    case "series_end":
      return `${event.matchid}:${event.event}`;
    case "going_live":
    case "map_result":
      return `${event.matchid}:${event.event}:${event.map_number}`;
    case "round_end":
      return `${event.matchid}:${event.event}:${event.map_number}:${event.round_number}`;
  }
}

export async function pushStatusOf(ctx: QueryCtx, serverId: Id<"servers">) {
  return await ctx.db
    .query("pushStatus")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
}

async function alreadyReceived(ctx: QueryCtx, serverId: Id<"servers">, key: string) {
  const row = await ctx.db
    .query("pushEvents")
    .withIndex("by_serverId_and_key", (q) => q.eq("serverId", serverId).eq("key", key))
    .first();
  return row !== null;
}

/** Remembers an event, and deletes a few remembered events that are older than a day. */
async function remember(ctx: MutationCtx, serverId: Id<"servers">, key: string, now: number) {
  await ctx.db.insert("pushEvents", { serverId, key, at: now });
  const expired = await ctx.db
    .query("pushEvents")
    .withIndex("by_at", (q) => q.lt("at", now - PUSH_DEDUPE_TTL_MS))
    .take(DEDUPE_CLEANUP_BATCH);
  for (const row of expired) await ctx.db.delete("pushEvents", row._id);
}

/** The checks that need the database, then the event is stored and applied. */
export async function receivePushEvent(
  ctx: MutationCtx,
  { key, secret, body }: { key: string; secret: string; body: string },
  now: number,
): Promise<PushReply> {
  const server = await serverByKey(ctx, key);
  if (!server || server.disabled) return NOT_FOUND;
  const expected = await pushSecretOf(ctx, server._id);
  if (!expected || !sameSecret(secret, expected)) return UNAUTHORIZED;
  const limit = await limitPushEvent(ctx, server._id);
  if (!limit.ok) {
    return {
      status: 429,
      body: { error: "Too many requests" },
      retryAfterMs: limit.retryAfter,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return INVALID_EVENT;
  }
  const parsed = parsePushEvent(json);
  if (parsed.kind === "invalid") return INVALID_EVENT;
  if (parsed.kind === "unknown") return { status: 200, body: { ok: true, ignored: true } };
  const dedupeKey = eventKey(parsed.event);
  if (await alreadyReceived(ctx, server._id, dedupeKey)) {
    return { status: 200, body: { ok: true, duplicate: true } };
  }
  await remember(ctx, server._id, dedupeKey, now);
  await applyEvent(ctx, server._id, parsed.event, now);
  return { status: 200, body: { ok: true } };
}

/** Writes what the event says: match fields and liveness, then the push status and track. */
async function applyEvent(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  event: MatchzyEvent,
  now: number,
): Promise<void> {
  const status = await pushStatusOf(ctx, serverId);
  const snapshot = await matchSnapshotOf(ctx, serverId);
  const outcome = interpretEvent(event, status?.track, snapshot?.match ?? null);
  if (outcome) await storePushedMatch(ctx, serverId, outcome.fields, now);
  else await storeStatus(ctx, serverId, { ok: true }, now);
  const fields = {
    lastEventAt: now,
    lastEvent: event.event,
    track: outcome ? outcome.track : status?.track,
  };
  if (status) {
    await ctx.db.patch("pushStatus", status._id, {
      ...fields,
      eventsCount: status.eventsCount + 1,
    });
  } else {
    await ctx.db.insert("pushStatus", { serverId, enabled: true, eventsCount: 1, ...fields });
  }
  await trackPush(ctx, serverId, event, fields.track, now);
}

// ---- What an event says about the match (pure) ----

function sideOf(side: string | null): Side | undefined {
  if (side === MATCHZY_SIDE.CT) return "CT";
  if (side === MATCHZY_SIDE.T) return "T";
  return undefined;
}

function otherSide(side: Side): Side {
  return side === "CT" ? "T" : "CT";
}

function sameMap(track: PushTrack | undefined, matchid: number, mapNumber: number) {
  return track !== undefined && track.matchid === matchid && track.mapNumber === mapNumber;
}

function scoresBySide(team1Side: Side, team1: number, team2: number) {
  return team1Side === "CT" ? { scoreCT: team1, scoreT: team2 } : { scoreCT: team2, scoreT: team1 };
}

/**
 * The side team 1 played in a round, from the round's winner side and who won it. MatchZy's
 * `round_end` names the winner's side but not the winning team (`winner.team` is the map leader),
 * and no team's side. The winning team is certain when:
 * - the previous round of the same map was applied here: the team whose score went up by one;
 * - a team has 0 after the round: the other won it;
 * - the stored match is the previous round's: exactly one assignment of teams to sides fits it.
 * Otherwise undefined, and the scores are left to the poller. A drawn round names no winner.
 */
export function team1SideInRound(
  event: MatchzyRoundEnd,
  track: PushTrack | undefined,
  stored: Match | null,
): Side | undefined {
  const winnerSide = sideOf(event.winner.side);
  if (!winnerSide || event.reason === MATCHZY_ROUND_END_REASON.RoundDraw) return undefined;
  const a = event.team1.score;
  const b = event.team2.score;
  let winner: 1 | 2 | undefined;
  if (sameMap(track, event.matchid, event.map_number) && track!.round === event.round_number - 1) {
    if (a === track!.team1Score + 1 && b === track!.team2Score) winner = 1;
    else if (b === track!.team2Score + 1 && a === track!.team1Score) winner = 2;
  }
  if (!winner && a === 0 && b > 0) winner = 2;
  if (!winner && b === 0 && a > 0) winner = 1;
  if (winner) return winner === 1 ? winnerSide : otherSide(winnerSide);
  if (stored && stored.scoreCT + stored.scoreT === a + b - 1) {
    const ct = winnerSide === "CT" ? 1 : 0;
    const t = 1 - ct;
    const team1CT = stored.scoreCT === a - ct && stored.scoreT === b - t;
    const team1T = stored.scoreCT === b - ct && stored.scoreT === a - t;
    if (team1CT !== team1T) return team1CT ? "CT" : "T";
  }
  return undefined;
}

/**
 * Team 1's side at the end of a map. `winner.side` is "3" (CT) only when team 1 won as CT and "2"
 * in every other case, so it tells team 1's side only when team 1 won. Otherwise: the side the
 * last applied round proved at the same scores, or the stored match at the final score.
 */
export function team1SideAtMapEnd(
  event: MatchzyMapResult,
  track: PushTrack | undefined,
  stored: Match | null,
): Side | undefined {
  const a = event.team1.score;
  const b = event.team2.score;
  const side = sideOf(event.winner.side);
  if (event.winner.team === "team1" && a > b && side) return side;
  if (
    sameMap(track, event.matchid, event.map_number) &&
    track!.team1Score === a &&
    track!.team2Score === b &&
    track!.team1Side
  ) {
    return track!.team1Side;
  }
  if (stored && a !== b) {
    if (stored.scoreCT === a && stored.scoreT === b) return "CT";
    if (stored.scoreCT === b && stored.scoreT === a) return "T";
  }
  return undefined;
}

/**
 * The match fields an event proves and the map state it leaves; null when it is older than what
 * was applied already (events may arrive out of order), so it must not overwrite anything.
 */
export function interpretEvent(
  event: MatchzyEvent,
  track: PushTrack | undefined,
  stored: Match | null,
): { fields: PushedMatchFields; track: PushTrack | undefined } | null {
  const fresh = (matchid: number, mapNumber: number): PushTrack => ({
    matchid,
    mapNumber,
    round: 0,
    team1Score: 0,
    team2Score: 0,
  });
  switch (event.event) {
    case "series_start":
      // A match config was loaded: the server waits in warmup.
      return {
        fields: { scoreCT: 0, scoreT: 0, round: 0, roundPhase: "warmup" },
        track: fresh(event.matchid, 0),
      };
    case "going_live":
      if (sameMap(track, event.matchid, event.map_number) && track!.round > 0) return null;
      return {
        fields: { scoreCT: 0, scoreT: 0, round: 1, roundPhase: "freezetime" },
        track: fresh(event.matchid, event.map_number),
      };
    case "round_end": {
      if (sameMap(track, event.matchid, event.map_number) && event.round_number < track!.round) {
        return null;
      }
      const side = team1SideInRound(event, track, stored);
      const a = event.team1.score;
      const b = event.team2.score;
      return {
        fields: {
          round: event.round_number,
          roundPhase: "over",
          ...(side ? scoresBySide(side, a, b) : {}),
        },
        track: {
          matchid: event.matchid,
          mapNumber: event.map_number,
          round: event.round_number,
          team1Score: a,
          team2Score: b,
          ...(side ? { team1Side: side } : {}),
        },
      };
    }
    case "map_result": {
      const a = event.team1.score;
      const b = event.team2.score;
      if (sameMap(track, event.matchid, event.map_number) && a + b < track!.round) return null;
      const side = team1SideAtMapEnd(event, track, stored);
      return {
        fields: { round: a + b, roundPhase: "over", ...(side ? scoresBySide(side, a, b) : {}) },
        track: {
          matchid: event.matchid,
          mapNumber: event.map_number,
          round: a + b,
          team1Score: a,
          team2Score: b,
          ...(side ? { team1Side: side } : {}),
        },
      };
    }
    case "series_end":
      // Nothing about the map; the server is alive.
      return { fields: {}, track };
  }
}

// ---- The poller's question ----

/** Whether MatchZy events are flowing for this server: push is on and one came in the last 60 s. */
export async function pushActive(
  ctx: QueryCtx,
  serverId: Id<"servers">,
  now: number,
): Promise<boolean> {
  const status = await pushStatusOf(ctx, serverId);
  return (
    !!status?.enabled &&
    status.lastEventAt !== undefined &&
    now - status.lastEventAt < PUSH_ACTIVE_MS
  );
}

// ---- Turning push on and off (admin) ----

export const vPushStatusView = v.object({
  enabled: v.boolean(),
  lastEventAt: v.union(v.number(), v.null()),
  lastEvent: v.union(v.string(), v.null()),
  eventsCount: v.number(),
});

/** What the admin tab shows; never the secret. The client tells "flowing" from `lastEventAt`. */
export async function pushStatusView(ctx: QueryCtx, serverId: Id<"servers">) {
  const status = await pushStatusOf(ctx, serverId);
  return {
    enabled: status?.enabled ?? false,
    lastEventAt: status?.lastEventAt ?? null,
    lastEvent: status?.lastEvent ?? null,
    eventsCount: status?.eventsCount ?? 0,
  };
}

/** Stores a new secret and marks push on; returns the server key the event URL names. */
export async function armPush(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  secret: string,
  now: number,
): Promise<string | null> {
  const server = await ctx.db.get("servers", serverId);
  if (!server || server.disabled) return null;
  await writePushSecret(ctx, serverId, secret);
  const status = await pushStatusOf(ctx, serverId);
  if (status) {
    await ctx.db.patch("pushStatus", status._id, {
      enabled: true,
      enabledAt: now,
      track: undefined,
    });
  } else {
    await ctx.db.insert("pushStatus", { serverId, enabled: true, enabledAt: now, eventsCount: 0 });
  }
  return server.key;
}

/** Clears the secret (every later event is refused with 401) and marks push off. */
export async function disarmPush(ctx: MutationCtx, serverId: Id<"servers">): Promise<void> {
  await writePushSecret(ctx, serverId, undefined);
  const status = await pushStatusOf(ctx, serverId);
  if (status?.enabled) {
    await ctx.db.patch("pushStatus", status._id, { enabled: false, track: undefined });
  }
}

/** 32 random bytes, hex: the secret MatchZy sends back with every event. */
export function newPushSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The URL MatchZy is given; "" when the deployment's site URL is unknown (refused when planned). */
export function eventsUrl(siteUrl: string | undefined, serverKey: string): string {
  if (!siteUrl) return "";
  return `${siteUrl.replace(/\/+$/, "")}${EVENTS_PATH}${encodeURIComponent(serverKey)}`;
}

interface GatedCtx extends ActionCtx {
  viewer: ActionViewer;
}

/**
 * Generates and stores a new secret, then tells the game server where to send events and with
 * which header. If the game server refuses or cannot be reached, push is marked off again.
 */
export async function enablePush(
  ctx: GatedCtx,
  serverId: Id<"servers"> | undefined,
): Promise<ActionResult> {
  const server = await requireServer(ctx, serverId);
  const secret = newPushSecret();
  const key = await ctx.runMutation(internal.push.arm, { serverId: server.serverId, secret });
  try {
    const url = key === null ? "" : eventsUrl(env.CONVEX_SITE_URL, key);
    return await runServerAction(ctx, server, { kind: "pushEnable", url, secret });
  } catch (error) {
    await ctx.runMutation(internal.push.disarm, { serverId: server.serverId });
    throw error;
  }
}

/**
 * Marks push off and clears the secret first (so whatever the game server answers, the panel
 * accepts no more events), then points MatchZy's remote log at `PUSH_OFF_URL` (it refuses "").
 */
export async function disablePush(
  ctx: GatedCtx,
  serverId: Id<"servers"> | undefined,
): Promise<ActionResult> {
  const server = await requireServer(ctx, serverId);
  await ctx.runMutation(internal.push.disarm, { serverId: server.serverId });
  return await runServerAction(ctx, server, { kind: "pushDisable" });
}
