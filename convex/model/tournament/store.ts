/**
 * Loading and saving tournaments for the handlers: by id or slug, the caller's seat, and the one
 * write path, which also schedules the turn timer whenever a step gets a new deadline.
 */
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { fail } from "../../lib/errors";
import { defaultName } from "../../lib/texts/tournamentNames";
import { pick } from "convex-helpers";
import { v, type Infer } from "convex/values";
import {
  tournamentFields,
  vSeriesResult,
  vTournamentTeamKey,
  type TournamentTeamKey,
} from "../../lib/tournamentFields";
import type { Viewer } from "../../lib/viewer";
import {
  isLaunched,
  relaunchableMap,
  remainingMaps,
  TOURNAMENT_MESSAGES,
  type TournamentCaller,
  type SteamSeat,
  type TournamentState,
} from "./state";
import { seatBySteamId } from "./roster";
import { careerOf } from "../history/careers";
import { cachedProfiles } from "../steam/data";
import { ALL_TIME } from "../../lib/history";
import { notifyTournamentStep } from "../notifications/notify";

/** Active tournaments listed on the ban/pick tab; more than this is not a realistic evening. */
export const ACTIVE_LIST_LIMIT = 50;

/** Tournaments not archived, newest first (at most ACTIVE_LIST_LIMIT). */
export async function activeList(ctx: QueryCtx) {
  return await ctx.db
    .query("tournaments")
    .withIndex("by_archived", (q) => q.eq("archived", false))
    .order("desc")
    .take(ACTIVE_LIST_LIMIT);
}

export function stateOf(doc: Doc<"tournaments">): TournamentState {
  // `isLaunched` is derived now: a row stored with it loses it at its next write.
  const { _id: _, _creationTime: __, isLaunched: ___, ...state } = doc;
  return state;
}

export async function bySlug(ctx: QueryCtx, slug: string): Promise<Doc<"tournaments"> | null> {
  // Own-key lookup of user input: an index equality, never a scan.
  return await ctx.db
    .query("tournaments")
    .withIndex("by_slug", (q) => q.eq("slug", slug))
    .unique();
}

export async function requireTournament(
  ctx: QueryCtx,
  id: Id<"tournaments">,
): Promise<Doc<"tournaments">> {
  const doc = await ctx.db.get("tournaments", id);
  if (!doc) fail("NOT_FOUND", TOURNAMENT_MESSAGES.notFound);
  return doc;
}

export async function findEntrant(
  ctx: QueryCtx,
  tournamentId: Id<"tournaments">,
  sessionId: string,
) {
  return await ctx.db
    .query("tournamentEntrants")
    .withIndex("by_tournamentId_and_sessionId", (q) =>
      q.eq("tournamentId", tournamentId).eq("sessionId", sessionId),
    )
    .unique();
}

/**
 * The caller's seat: in a tournament that needs Steam, the seat holding the SteamID linked to the
 * signed-in user (whatever browser they use); otherwise the one this browser session took.
 */
export async function seatOf(
  ctx: QueryCtx,
  doc: Doc<"tournaments">,
  sessionId: string,
  viewer: Viewer,
): Promise<{ team: TournamentTeamKey; nickname: string } | null> {
  if (doc.format.steamRequired) {
    const steamId = viewer.user?.steamId;
    return steamId ? seatBySteamId(doc, steamId) : null;
  }
  const entrant = await findEntrant(ctx, doc._id, sessionId);
  return entrant ? { team: entrant.team, nickname: entrant.nickname } : null;
}

/**
 * The tournament (as model state) and who the caller is in it: their seat only. An admin deciding
 * for a team does so through the admin capability (admin.ts), never as a participant.
 */
export async function loadForWrite(
  ctx: QueryCtx,
  tournamentId: Id<"tournaments">,
  sessionId: string,
  viewer: Viewer,
) {
  const doc = await requireTournament(ctx, tournamentId);
  const seat = await seatOf(ctx, doc, sessionId, viewer);
  const actor: TournamentCaller = { team: seat?.team ?? null, isAdmin: false };
  return { id: doc._id, state: stateOf(doc), actor, nickname: seat?.nickname ?? null };
}

/**
 * The name a Steam seat shows, from the best source known without asking Steam in a mutation: the
 * Steam name read when the account was linked, Steam's name for it cached from a server's player
 * list (model/steam/data.ts), the name its career was last seen under, then the panel username.
 */
async function steamNameOf(
  ctx: QueryCtx,
  steamId: string,
  user: Doc<"users"> | null,
): Promise<string | null> {
  if (user?.steamName) return user.steamName;
  const [cached] = await cachedProfiles(ctx, [steamId]);
  if (cached?.personaName) return cached.personaName;
  return (await careerOf(ctx, steamId, ALL_TIME))?.name ?? user?.username ?? null;
}

/** The caller as a Steam seat: their linked SteamID and the name to show; null without a link. */
export async function steamSeatOf(ctx: QueryCtx, viewer: Viewer): Promise<SteamSeat | null> {
  const user = viewer.user;
  if (!user?.steamId) return null;
  return {
    steamId: user.steamId,
    name: (await steamNameOf(ctx, user.steamId, user)) ?? defaultName("player"),
  };
}

/** A seat an admin gives to `steamId`, named as `steamNameOf` finds it. */
export async function seatForSteamId(ctx: QueryCtx, steamId: string): Promise<SteamSeat> {
  const user = await ctx.db
    .query("users")
    .withIndex("by_steamId", (q) => q.eq("steamId", steamId))
    .first();
  return { steamId, name: (await steamNameOf(ctx, steamId, user)) ?? defaultName("player") };
}

/** A session seat's row, found by its nickname (a tournament has at most ten). */
export async function entrantByNickname(
  ctx: QueryCtx,
  tournamentId: Id<"tournaments">,
  nickname: string,
) {
  const rows = await ctx.db
    .query("tournamentEntrants")
    .withIndex("by_tournamentId_and_sessionId", (q) => q.eq("tournamentId", tournamentId))
    .take(20);
  return rows.find((r) => r.nickname === nickname) ?? null;
}

/**
 * Writes the new state. When the step got a fresh deadline, the timer for exactly that step is
 * scheduled; a timer that fires after its step was played (or paused) finds nothing to do.
 */
export async function save(
  ctx: MutationCtx,
  id: Id<"tournaments">,
  before: TournamentState,
  next: TournamentState,
): Promise<void> {
  await ctx.db.replace("tournaments", id, next);
  await notifyTournamentStep(ctx, before, next);
  const clockMoved =
    next.deadline !== undefined &&
    (next.deadline !== before.deadline || next.currentStep !== before.currentStep);
  if (clockMoved) {
    await ctx.scheduler.runAt(next.deadline!, internal.tournamentAdmin.expire, {
      tournamentId: id,
      step: next.currentStep,
    });
  }
  // A cup's match is launched by the panel on its server as soon as its ban/pick is done.
  if (next.cupMatchId && next.status === "finished" && before.status !== "finished") {
    await ctx.scheduler.runAfter(0, internal.cups.launchNext, { tournamentId: id, attempt: 0 });
  }
}

/** The stored fields everyone may see as they are stored. */
const shownFields = pick(tournamentFields, [
  "slug",
  "archived",
  "format",
  "status",
  "mapPool",
  "bannedMaps",
  "pickedMaps",
  "series",
  "finalMap",
  "serverMap",
  "finalSide",
  "teamA",
  "teamB",
  "ready",
  "sequence",
  "currentStep",
  "turn",
  "phase",
  "deadline",
  "pausedRemainingMs",
  "history",
  "launchedMaps",
  "launchedMode",
  "createdAt",
]);
const SHOWN_KEYS = Object.keys(shownFields) as (keyof typeof shownFields)[];

/** What everyone may see of a tournament (`viewOf`). */
export const vTournamentView = v.object({
  id: v.id("tournaments"),
  ...shownFields,
  name: v.union(v.string(), v.null()),
  remainingMaps: v.array(v.string()),
  seriesResults: v.array(vSeriesResult),
  seriesWinner: v.union(vTournamentTeamKey, v.null()),
  /** Every map of the series was launched. */
  isLaunched: v.boolean(),
  /** The launched map that may be launched again (no result yet), or null. */
  relaunchMap: v.union(v.number(), v.null()),
  /** The server a launched map is being played on until its result is recorded, else null. */
  playingOn: v.union(v.id("servers"), v.null()),
});
export type TournamentView = Infer<typeof vTournamentView>;

export function viewOf(t: Doc<"tournaments">): TournamentView {
  return {
    id: t._id,
    ...pick(t, SHOWN_KEYS),
    name: t.name ?? null,
    remainingMaps: remainingMaps(t),
    seriesResults: t.seriesResults ?? [],
    seriesWinner: t.seriesWinner ?? null,
    isLaunched: isLaunched(t),
    relaunchMap: relaunchableMap(t),
    playingOn: playingOn(t),
  };
}

/** A map launched without a recorded result: it is on (or about to be on) its server. */
function playingOn(t: Doc<"tournaments">): Id<"servers"> | null {
  const played = t.seriesResults?.length ?? 0;
  if (!t.launchedOn || t.seriesWinner || t.launchedMaps <= played) return null;
  return t.launchedOn.serverId;
}

/** A row of the list of tournaments. */
export function listItemOf(t: Doc<"tournaments">) {
  return {
    id: t._id,
    slug: t.slug,
    name: t.name ?? null,
    preset: t.format.preset,
    teamSize: t.format.teamSize,
    status: t.status,
    players: t.teamA.players.length + t.teamB.players.length,
    createdAt: t.createdAt,
  };
}
