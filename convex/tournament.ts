/**
 * Map ban/pick for participants and spectators. Rules live in `model/tournament/roster.ts` and
 * `model/tournament/veto.ts`; these
 * handlers name one move; `model/tournament/participant.ts` loads the tournament and the caller's
 * seat, applies the move's rule and writes the result. Convex mutations are serialisable, so when two clicks race for
 * the same step the second one sees the advanced `currentStep` and is refused as stale.
 *
 * Participants are browser sessions, per tournament (`tournamentEntrants`). Session ids are bearer
 * secrets and never leave the backend: views carry nicknames only, `me` tells a caller their seat.
 */
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { vRefusal } from "./lib/errors";
import { publicMutation, publicQuery, sessionMutation, sessionQuery } from "./lib/functions";
import { cryptoChance } from "./lib/random";
import { paginateSafely } from "./lib/pagination";
import { seenFromPage } from "./model/tournament/seats";
import {
  callerKeysOf,
  joinMove,
  leaveMove,
  participantWrite,
} from "./model/tournament/participant";
import { vTournamentPreset, vTournamentTeamKey, vTournamentStatus } from "./lib/tournamentFields";
import { vSide } from "./lib/side";
import * as veto from "./model/tournament/veto";
import {
  activeList,
  bySlug,
  listItemOf,
  seatOf,
  steamSeatOf,
  viewOf,
  vTournamentView,
} from "./model/tournament/store";

/** Archived tournaments per page at most. */
const ARCHIVE_PAGE_MAX = 100;

const vListItem = v.object({
  id: v.id("tournaments"),
  slug: v.string(),
  name: v.union(v.string(), v.null()),
  preset: vTournamentPreset,
  teamSize: v.number(),
  status: vTournamentStatus,
  players: v.number(),
  createdAt: v.number(),
});

/**
 * One tournament by its link's slug, or (without a slug) the newest active one; null when there is
 * none. `serverNow` lets clients align their countdown with server time.
 */
export const get = publicQuery({
  args: { slug: v.optional(v.string()) },
  returns: v.union(v.null(), vTournamentView),
  handler: async (ctx, { slug }) => {
    const doc =
      slug === undefined
        ? await ctx.db
            .query("tournaments")
            .withIndex("by_archived", (q) => q.eq("archived", false))
            .order("desc")
            .first()
        : await bySlug(ctx, slug);
    return doc ? viewOf(doc) : null;
  },
});

/** Tournaments not archived, newest first. */
export const list = publicQuery({
  args: {},
  returns: v.array(vListItem),
  handler: async (ctx) => (await activeList(ctx)).map(listItemOf),
});

/** The archive, newest first, a page at a time. */
export const listArchived = publicQuery({
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(vListItem),
  handler: async (ctx, { paginationOpts }) => {
    const page = await paginateSafely(
      ctx.db
        .query("tournaments")
        .withIndex("by_archived", (q) => q.eq("archived", true))
        .order("desc"),
      paginationOpts,
      ARCHIVE_PAGE_MAX,
    );
    return { ...page, page: page.page.map(listItemOf) };
  },
});

/** The caller's own seat in a tournament; null when they have not joined it. */
export const me = sessionQuery({
  args: { tournamentId: v.id("tournaments") },
  returns: v.union(
    v.null(),
    v.object({ team: vTournamentTeamKey, nickname: v.string(), ready: v.boolean() }),
  ),
  handler: async (ctx, { tournamentId }) => {
    const t = await ctx.db.get("tournaments", tournamentId);
    const seat = t ? await seatOf(ctx, t, ctx.sessionId, ctx.viewer) : null;
    if (!t || !seat) return null;
    return { team: seat.team, nickname: seat.nickname, ready: t.ready.includes(seat.nickname) };
  },
});

/**
 * The tournament page of a seat's holder says "still here", once a minute while it is shown (the
 * admin may free the seats of holders gone for a while before the veto). A caller without a seat
 * writes nothing.
 */
export const seen = sessionMutation({
  args: { tournamentId: v.id("tournaments") },
  returns: v.null(),
  handler: async (ctx, { tournamentId }) => {
    await seenFromPage(ctx, tournamentId, ctx.sessionId, ctx.viewer, callerKeysOf(ctx));
    return null;
  },
});

/**
 * Takes a seat. In a tournament that needs Steam the seat is the caller's linked SteamID (the
 * nickname argument is ignored: the name comes from Steam); otherwise it is this browser session.
 */
export const join = sessionMutation({
  args: { tournamentId: v.id("tournaments"), team: vTournamentTeamKey, nickname: v.string() },
  returns: v.union(v.null(), vRefusal),
  handler: async (ctx, { tournamentId, team, nickname }) =>
    await participantWrite(
      ctx,
      tournamentId,
      joinMove(ctx, team, nickname, await steamSeatOf(ctx, ctx.viewer)),
    ),
});

/** Gives up the caller's seat, before the veto starts. */
export const leave = sessionMutation({
  args: { tournamentId: v.id("tournaments") },
  returns: v.union(v.null(), vRefusal),
  handler: async (ctx, { tournamentId }) =>
    await participantWrite(ctx, tournamentId, leaveMove(ctx)),
});

export const ready = sessionMutation({
  args: { tournamentId: v.id("tournaments") },
  returns: v.union(v.null(), vRefusal),
  handler: async (ctx, { tournamentId }) =>
    await participantWrite(ctx, tournamentId, {
      move: (w) => veto.markReady(w.state, w.actor, w.nickname, Date.now(), cryptoChance),
    }),
});

/** `expectedStep` is the `currentStep` the caller saw; a click on an answered step is refused. */
export const ban = sessionMutation({
  args: { tournamentId: v.id("tournaments"), map: v.string(), expectedStep: v.number() },
  returns: v.union(v.null(), vRefusal),
  handler: async (ctx, { tournamentId, map, expectedStep }) =>
    await participantWrite(ctx, tournamentId, {
      move: (w) => veto.ban(w.state, w.actor, map, expectedStep, Date.now()),
    }),
});

export const pickMap = sessionMutation({
  args: { tournamentId: v.id("tournaments"), map: v.string(), expectedStep: v.number() },
  returns: v.union(v.null(), vRefusal),
  handler: async (ctx, { tournamentId, map, expectedStep }) =>
    await participantWrite(ctx, tournamentId, {
      move: (w) => veto.pickMap(w.state, w.actor, map, expectedStep, Date.now()),
    }),
});

/** The team in turn picks its side; an admin deciding for it uses `tournamentAdmin.pickSide`. */
export const pickSide = sessionMutation({
  args: { tournamentId: v.id("tournaments"), side: vSide, expectedStep: v.number() },
  returns: v.union(v.null(), vRefusal),
  handler: async (ctx, { tournamentId, side, expectedStep }) =>
    await participantWrite(ctx, tournamentId, {
      move: (w) => veto.pickSide(w.state, w.actor, side, expectedStep, Date.now()),
    }),
});

/**
 * The server's clock, so a page can show a turn countdown in step with it (the client measures its
 * offset from this and the round trip). A mutation, not a query: a query's result may be served
 * from cache. It reads and writes nothing.
 */
export const clock = publicMutation({
  args: {},
  returns: v.number(),
  handler: async () => Date.now(),
});
