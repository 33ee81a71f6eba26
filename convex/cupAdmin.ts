/**
 * The admin's side of cups, each a declared, audited capability (model/cup/admin.ts), and the
 * preview of what a change to a match does downstream before it is made.
 */
import { v } from "convex/values";
import { adminQuery } from "./lib/functions";
import { capability } from "./model/capability/define";
import { CUP_CAPABILITIES, previewFor, vMatchChange } from "./model/cup/admin";
import { cupStalls } from "./model/cup/stalls";

export const create = capability(CUP_CAPABILITIES.create);
export const addTeam = capability(CUP_CAPABILITIES.addTeam);
export const start = capability(CUP_CAPABILITIES.start);
/** Set or correct a result, award a walkover, or replay a match. */
export const matchChange = capability(CUP_CAPABILITIES.matchChange);
export const reschedule = capability(CUP_CAPABILITIES.reschedule);
/** A match on a server that is gone or silent onto another free server of the pool. */
export const moveServer = capability(CUP_CAPABILITIES.moveServer);
export const archive = capability(CUP_CAPABILITIES.archive);

/**
 * The cup's matches that cannot go on by themselves (a drawn series, a team absent from its server,
 * the server gone or silent, a no-show with walkovers off), each shown from `at`, and the pool's
 * free servers to move one to.
 */
export const stalls = adminQuery({
  args: { cupId: v.id("cups") },
  returns: v.object({
    stalls: v.array(
      v.object({
        matchId: v.id("cupMatches"),
        key: v.string(),
        kind: v.union(
          v.literal("draw"),
          v.literal("absent"),
          v.literal("serverOffline"),
          v.literal("serverGone"),
          v.literal("noShow"),
        ),
        at: v.number(),
        missing: v.optional(v.array(v.string())),
      }),
    ),
    freeServers: v.array(v.object({ id: v.id("servers"), name: v.string() })),
  }),
  handler: async (ctx, { cupId }) => await cupStalls(ctx, cupId),
});

const vSlot = v.union(v.string(), v.null());
/** "" for a team not known yet (Convex arrays hold no `undefined`). */
const shown = (slot: string | null | undefined) => (slot === undefined ? "" : slot);

/** Which results a change drops and which matches get other teams (team ids; null a bye). */
export const preview = adminQuery({
  args: { matchId: v.id("cupMatches"), change: vMatchChange },
  returns: v.object({
    resultsDropped: v.array(v.string()),
    teamsChanged: v.array(
      v.object({
        key: v.string(),
        before: v.array(vSlot),
        after: v.array(vSlot),
      }),
    ),
    added: v.array(v.string()),
    removed: v.array(v.string()),
  }),
  handler: async (ctx, { matchId, change }) => {
    const preview = await previewFor(ctx, matchId, change);
    return {
      ...preview,
      teamsChanged: preview.teamsChanged.map((c) => ({
        key: c.key,
        before: c.before.map(shown),
        after: c.after.map(shown),
      })),
    };
  },
});
