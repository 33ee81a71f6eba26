/**
 * Map ban/pick for participants and spectators. Rules live in `model/tournament/roster.ts` and
 * `model/tournament/veto.ts`; these
 * handlers load one tournament and the caller's seat in it, apply one rule, and write the result
 * (`model/tournamentStore.save`). Convex mutations are serialisable, so when two clicks race for
 * the same step the second one sees the advanced `currentStep` and is refused as stale.
 *
 * Participants are browser sessions, per tournament (`tournamentEntrants`). Session ids are bearer
 * secrets and never leave the backend: views carry nicknames only, `me` tells a caller their seat.
 */
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import type { Id } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import { actorOf } from "./lib/viewer";
import { appendAudit } from "./model/audit/log";
import { refusalAsValue, vRefusal } from "./lib/errors";
import { publicMutation, publicQuery, sessionMutation, sessionQuery } from "./lib/functions";
import { cryptoChance } from "./lib/random";
import { paginateSafely } from "./lib/pagination";
import { limitTournamentWrite, type TournamentCaller } from "./lib/rateLimits";
import { markSeen, seenFromPage } from "./model/tournament/seats";
import { vTournamentPreset, vTournamentTeamKey, vTournamentStatus } from "./lib/tournamentFields";
import { vSide } from "./lib/side";
import type { TournamentState } from "./model/tournament/state";
import * as roster from "./model/tournament/roster";
import * as veto from "./model/tournament/veto";
import {
  ACTIVE_LIST_LIMIT,
  bySlug,
  findEntrant,
  listItemOf,
  loadForWrite,
  save,
  seatOf,
  steamSeatOf,
  viewOf,
  vTournamentView,
} from "./model/tournament/store";
import type { Viewer } from "./lib/viewer";

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
  handler: async (ctx) => {
    const docs = await ctx.db
      .query("tournaments")
      .withIndex("by_archived", (q) => q.eq("archived", false))
      .order("desc")
      .take(ACTIVE_LIST_LIMIT);
    return docs.map(listItemOf);
  },
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

/*
 * The writes anonymous participants make, each through `participantWrite`: a rate-limit token
 * first, refusals returned as values (`refusalAsValue`) so refused attempts stay counted, and the
 * model refuses before anything is written.
 */
type ParticipantWrite = Awaited<ReturnType<typeof loadForWrite>>;

async function participantWrite(
  ctx: MutationCtx & { sessionId: string; viewer: Viewer },
  tournamentId: Id<"tournaments">,
  move: (w: ParticipantWrite) => TournamentState,
  afterSave?: (w: ParticipantWrite, next: TournamentState) => Promise<void>,
) {
  await limitTournamentWrite(
    ctx,
    callerKeysOf(ctx),
    tournamentId,
    await tournamentCallerOf(ctx, tournamentId, move),
  );
  return await refusalAsValue(async () => {
    const w = await loadForWrite(ctx, tournamentId, ctx.sessionId, ctx.viewer);
    const next = move(w);
    await save(ctx, w.id, w.state, next);
    await afterSave?.(w, next);
    // A move is a sign of life of the seat's holder.
    const seat = w.actor.team && next[w.actor.team].players.find((p) => p.nickname === w.nickname);
    if (seat) await markSeen(ctx, w.id, seat, Date.now());
    return null;
  });
}

/**
 * A seat is this browser's, or (where the tournament needs Steam) the caller's linked SteamID. A
 * caller without one is joining when the rules would accept the write (tried on the state as read,
 * nothing saved), an outsider otherwise.
 */
async function tournamentCallerOf(
  ctx: MutationCtx & { sessionId: string; viewer: Viewer },
  tournamentId: Id<"tournaments">,
  move: (w: ParticipantWrite) => TournamentState,
): Promise<TournamentCaller> {
  if (ctx.viewer.isAdmin) return "seated";
  const doc = await ctx.db.get("tournaments", tournamentId);
  if (!doc) return "outsider";
  if (await seatOf(ctx, doc, ctx.sessionId, ctx.viewer)) return "seated";
  try {
    move(await loadForWrite(ctx, tournamentId, ctx.sessionId, ctx.viewer));
    return "joining";
  } catch {
    return "outsider";
  }
}

function callerKeysOf(ctx: { sessionId: string; viewer: Viewer }): string[] {
  const account = ctx.viewer.identity?.tokenIdentifier;
  return [`session:${ctx.sessionId}`, ...(account ? [`account:${account}`] : [])];
}

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
  handler: async (ctx, { tournamentId, team, nickname }) => {
    const steam = await steamSeatOf(ctx, ctx.viewer);
    return await participantWrite(
      ctx,
      tournamentId,
      (w) =>
        roster.join(
          w.state,
          w.actor,
          team,
          nickname,
          Date.now(),
          cryptoChance,
          w.state.format.steamRequired ? (steam ?? undefined) : undefined,
        ),
      async (w, next) => {
        if (w.state.format.steamRequired) return;
        const seat = next[team].players.at(-1)!;
        await ctx.db.insert("tournamentEntrants", {
          tournamentId: w.id,
          sessionId: ctx.sessionId,
          team,
          nickname: seat.nickname,
        });
      },
    );
  },
});

/** Gives up the caller's seat, before the veto starts. */
export const leave = sessionMutation({
  args: { tournamentId: v.id("tournaments") },
  returns: v.union(v.null(), vRefusal),
  handler: async (ctx, { tournamentId }) =>
    await participantWrite(
      ctx,
      tournamentId,
      (w) => roster.leave(w.state, w.actor, w.nickname, Date.now()),
      async (w) => {
        const entrant = await findEntrant(ctx, w.id, ctx.sessionId);
        if (entrant) await ctx.db.delete("tournamentEntrants", entrant._id);
      },
    ),
});

export const ready = sessionMutation({
  args: { tournamentId: v.id("tournaments") },
  returns: v.union(v.null(), vRefusal),
  handler: async (ctx, { tournamentId }) =>
    await participantWrite(ctx, tournamentId, (w) =>
      veto.markReady(w.state, w.actor, w.nickname, Date.now(), cryptoChance),
    ),
});

/** `expectedStep` is the `currentStep` the caller saw; a click on an answered step is refused. */
export const ban = sessionMutation({
  args: { tournamentId: v.id("tournaments"), map: v.string(), expectedStep: v.number() },
  returns: v.union(v.null(), vRefusal),
  handler: async (ctx, { tournamentId, map, expectedStep }) =>
    await participantWrite(ctx, tournamentId, (w) =>
      veto.ban(w.state, w.actor, map, expectedStep, Date.now()),
    ),
});

export const pickMap = sessionMutation({
  args: { tournamentId: v.id("tournaments"), map: v.string(), expectedStep: v.number() },
  returns: v.union(v.null(), vRefusal),
  handler: async (ctx, { tournamentId, map, expectedStep }) =>
    await participantWrite(ctx, tournamentId, (w) =>
      veto.pickMap(w.state, w.actor, map, expectedStep, Date.now()),
    ),
});

export const pickSide = sessionMutation({
  args: { tournamentId: v.id("tournaments"), side: vSide, expectedStep: v.number() },
  returns: v.union(v.null(), vRefusal),
  handler: async (ctx, { tournamentId, side, expectedStep }) =>
    await participantWrite(
      ctx,
      tournamentId,
      (w) => veto.pickSide(w.state, w.actor, side, expectedStep, Date.now()),
      async (w) => {
        // An admin deciding for a team is an override, so it goes into the audit log.
        if (w.actor.team === w.state.turn) return;
        await appendAudit(ctx, {
          ...actorOf(ctx.viewer),
          action: "tournament_pick_side",
          outcome: "success",
          details: `${w.state.slug} ${w.state.turn}: ${side}`,
        });
      },
    ),
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
