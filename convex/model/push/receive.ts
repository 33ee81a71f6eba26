/**
 * One POSTed MatchZy event, in one mutation: the server and its secret, the server's rate, then
 * the event read from the body (model/push/parse.ts; every form MatchZy has sent,
 * lib/matchzyEvents.ts), a repeated delivery recognised, then the event applied: live match fields (model/live/data.ts), the push status and
 * track, the series picks, and match history (model/history/detect.ts). A body that cannot be read
 * is refused with 400 and counted in the push status, so the admin sees it.
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import type { MatchzyEvent } from "../../lib/matchzyEvents";
import { boardFromTeams } from "../../lib/scoreboard";
import { limitServerFeed } from "../../lib/rateLimits";
import { trackPush } from "../history/detect";
import { storePushedMatch, storeStatus, type PushedMatchFields } from "../live/data";
import { matchSnapshotOf } from "../live/snapshots";
import type { BoardLine } from "../../lib/validators";
import { feedAccess } from "../servers/feedSecret";
import { NOT_FOUND, UNAUTHORIZED, type PushReply } from "./http";
import { readPushBody } from "./parse";
import { otherSide } from "../../lib/side";
import { interpretEvent, seriesAfter, type ScoreReading } from "./reading";
import { PUSH_FEED, pushStatusOf } from "./status";

/** How long a received event is remembered to recognise a repeated delivery. */
export const PUSH_DEDUPE_TTL_MS = 24 * 60 * 60_000;
/** Expired dedupe rows deleted per new event: more than one, so the table only ever shrinks. */
const DEDUPE_CLEANUP_BATCH = 4;

const INVALID_EVENT: PushReply = { status: 400, body: { error: "Invalid event" } };

/**
 * What makes a delivery the same event: the match, the event, and its map and scores (a round is
 * named by the scores after it, the same in every form MatchZy sends; a drawn round by its reason
 * too).
 */
export function eventKey(event: MatchzyEvent): string {
  switch (event.event) {
    case "series_start":
    case "series_end":
      return `${event.matchid}:${event.event}`;
    case "map_picked":
    case "side_picked":
      return `${event.matchid}:${event.event}:${event.map_name}`;
    case "going_live":
      return `${event.matchid}:${event.event}:${event.map_number}`;
    case "map_result":
      return `${event.matchid}:${event.event}:${event.map_number}`;
    case "round_end":
      return `${event.matchid}:${event.event}:${event.map_number}:${event.team1.score}-${event.team2.score}:${event.reason}`;
  }
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
  const access = await feedAccess(ctx, key, secret, "pushSecret");
  if (!access.ok) {
    if (access.retryAfterMs !== undefined) {
      return {
        status: 429,
        body: { error: "Too many requests" },
        retryAfterMs: access.retryAfterMs,
      };
    }
    return access.unknown ? NOT_FOUND : UNAUTHORIZED;
  }
  const { server } = access;
  const limit = await limitServerFeed(ctx, "pushEvents", server._id);
  if (!limit.ok) {
    return {
      status: 429,
      body: { error: "Too many requests" },
      retryAfterMs: limit.retryAfter,
    };
  }
  const parsed = readPushBody(body);
  if (!parsed) {
    await PUSH_FEED.noteRefusal(ctx, server._id, "JSON", now);
    return { status: 400, body: { error: "Invalid JSON" } };
  }
  if (parsed.kind === "invalid") {
    await PUSH_FEED.noteRefusal(ctx, server._id, parsed.name, now);
    return INVALID_EVENT;
  }
  if (parsed.kind === "unknown") return { status: 200, body: { ok: true, ignored: true } };
  const dedupeKey = eventKey(parsed.event);
  if (await alreadyReceived(ctx, server._id, dedupeKey)) {
    return { status: 200, body: { ok: true, duplicate: true } };
  }
  await remember(ctx, server._id, dedupeKey, now);
  await applyEvent(ctx, server._id, parsed.event, now);
  return { status: 200, body: { ok: true } };
}

/**
 * What a round's or map's end says about the teams beyond the score: their names and players'
 * lines by the side they played on, when the reading proved team 1's side (never guessed).
 */
export function teamsOnSides(
  event: MatchzyEvent,
  reading: ScoreReading | undefined,
): { fields: PushedMatchFields; board?: BoardLine[] } {
  if (event.event !== "round_end" && event.event !== "map_result") return { fields: {} };
  const side1 = reading?.team1Side;
  if (!side1) return { fields: {} };
  const name1 = event.team1.name.trim().slice(0, 64);
  const name2 = event.team2.name.trim().slice(0, 64);
  const fields: PushedMatchFields =
    side1 === "CT" ? { teamCT: name1, teamT: name2 } : { teamCT: name2, teamT: name1 };
  const hasLines = (event.team1.players?.length ?? 0) + (event.team2.players?.length ?? 0) > 0;
  const board = hasLines
    ? boardFromTeams([
        { team: event.team1, side: side1 },
        { team: event.team2, side: otherSide(side1) },
      ])
    : undefined;
  return board ? { fields, board } : { fields };
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
  const series =
    event.event === "series_start" || event.event === "map_picked" || event.event === "side_picked"
      ? seriesAfter(status?.series, event)
      : status?.series;
  const outcome = interpretEvent(event, status?.track, snapshot?.match ?? null, series);
  if (outcome) {
    const teams = teamsOnSides(event, outcome.reading);
    await storePushedMatch(ctx, serverId, { ...outcome.fields, ...teams.fields }, now, teams.board);
  } else await storeStatus(ctx, serverId, { ok: true }, now);
  const fields = {
    lastEventAt: now,
    lastEvent: event.event,
    track: outcome ? outcome.track : status?.track,
    ...(series ? { series } : {}),
  };
  if (status) {
    await ctx.db.patch("pushStatus", status._id, {
      ...fields,
      eventsCount: status.eventsCount + 1,
    });
  } else {
    await ctx.db.insert("pushStatus", { serverId, enabled: true, eventsCount: 1, ...fields });
  }
  if (outcome) await trackPush(ctx, serverId, event, outcome.reading, series, now);
}
