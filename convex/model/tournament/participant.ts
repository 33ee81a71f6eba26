/**
 * The writes anonymous participants make (join, leave, ready, ban, pick, side pick), each through
 * `participantWrite`: a rate-limit token first, refusals returned as values (`refusalAsValue`) so
 * refused attempts stay counted, and the rules (`roster.ts`, `veto.ts`) refuse before anything is
 * written. A participant acts only as their own seat: an admin deciding for a team does so through
 * the admin capability (`admin.ts`, `pickSide`), which audits it.
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { refusalAsValue } from "../../lib/errors";
import { limitTournamentWrite, type TournamentCaller } from "../../lib/rateLimits";
import type { Viewer } from "../../lib/viewer";
import { markSeen } from "./seats";
import { cryptoChance } from "../../lib/random";
import type { TournamentTeamKey } from "../../lib/tournamentFields";
import { join, leave } from "./roster";
import type { SteamSeat, TournamentState } from "./state";
import { findEntrant, loadForWrite, save, seatOf } from "./store";

export type ParticipantCtx = MutationCtx & { sessionId: string; viewer: Viewer };
export type ParticipantWrite = Awaited<ReturnType<typeof loadForWrite>>;

/** What a participant's write does: the move, and what else it writes once the move is saved. */
export interface ParticipantMove {
  move: (w: ParticipantWrite) => TournamentState;
  afterSave?: (w: ParticipantWrite, next: TournamentState) => Promise<void>;
}

export async function participantWrite(
  ctx: ParticipantCtx,
  tournamentId: Id<"tournaments">,
  { move, afterSave }: ParticipantMove,
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
  ctx: ParticipantCtx,
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

/** The rate-limit keys of a caller: their browser session, and their account when signed in. */
export function callerKeysOf(ctx: { sessionId: string; viewer: Viewer }): string[] {
  const account = ctx.viewer.identity?.tokenIdentifier;
  return [`session:${ctx.sessionId}`, ...(account ? [`account:${account}`] : [])];
}

/**
 * Taking a seat: in a tournament that needs Steam the seat is the caller's linked SteamID (`steam`;
 * the nickname is then Steam's), otherwise this browser session, kept as its entrant row.
 */
export function joinMove(
  ctx: ParticipantCtx,
  team: TournamentTeamKey,
  nickname: string,
  steam: SteamSeat | null,
): ParticipantMove {
  return {
    move: (w) =>
      join(
        w.state,
        w.actor,
        team,
        nickname,
        Date.now(),
        cryptoChance,
        w.state.format.steamRequired ? (steam ?? undefined) : undefined,
      ),
    afterSave: async (w, next) => {
      if (w.state.format.steamRequired) return;
      const seat = next[team].players.at(-1)!;
      await ctx.db.insert("tournamentEntrants", {
        tournamentId: w.id,
        sessionId: ctx.sessionId,
        team,
        nickname: seat.nickname,
      });
    },
  };
}

/** Giving up the caller's seat (and this session's entrant row), before the veto starts. */
export function leaveMove(ctx: ParticipantCtx): ParticipantMove {
  return {
    move: (w) => leave(w.state, w.actor, w.nickname, Date.now()),
    afterSave: async (w) => {
      const entrant = await findEntrant(ctx, w.id, ctx.sessionId);
      if (entrant) await ctx.db.delete("tournamentEntrants", entrant._id);
    },
  };
}
