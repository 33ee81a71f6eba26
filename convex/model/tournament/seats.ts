/**
 * When each seat's holder was last seen, and freeing the seats of holders who went away before
 * the veto started (a joiner who closed the browser would otherwise keep the seat for good).
 *
 * "Seen" is a sign of life from the holder through the panel: taking the seat, any move they make
 * (ready, ban, pick), and the tournament page open in their browser, which says so once a minute
 * while it is shown. The times live in their own table, never in the tournament document, so a
 * heartbeat wakes only the admin's seat view, not every spectator of the tournament.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { fail } from "../../lib/errors";
import { allowSeenHeartbeat } from "../../lib/rateLimits";
import type { TournamentTeamKey } from "../../lib/tournamentFields";
import type { Viewer } from "../../lib/viewer";
import type { TournamentState } from "./state";
import { removeSeat } from "./roster";
import { seatOf } from "./store";
import { TOURNAMENT_TEXTS } from "../../lib/texts/tournament";

/** A holder not seen for this long before the veto starts is away: the admin may free the seat. */
export const SEAT_IDLE_MS = 10 * 60_000;
/** A holder's open page refreshes their time at most this often. */
export const SEEN_REFRESH_MS = 60_000;

export const SEAT_MESSAGES = {
  idleTooLate: TOURNAMENT_TEXTS["refusal.tournament.idleTooLate"],
  noIdleSeats: TOURNAMENT_TEXTS["refusal.tournament.noIdleSeats"],
} as const;

type Seat = TournamentState["teamA"]["players"][number];

/** A seat's key in the seen table: its SteamID when bound to one, else its nickname. */
export function seatKey(seat: Pick<Seat, "nickname" | "steamId">): string {
  return seat.steamId ? `steam:${seat.steamId}` : `name:${seat.nickname}`;
}

async function seenRow(ctx: QueryCtx, tournamentId: Id<"tournaments">, key: string) {
  return await ctx.db
    .query("tournamentSeen")
    .withIndex("by_tournamentId_and_seat", (q) =>
      q.eq("tournamentId", tournamentId).eq("seat", key),
    )
    .unique();
}

/** Records a sign of life of a seat's holder (written at most once per SEEN_REFRESH_MS). */
export async function markSeen(
  ctx: MutationCtx,
  tournamentId: Id<"tournaments">,
  seat: Pick<Seat, "nickname" | "steamId">,
  now: number,
): Promise<void> {
  const key = seatKey(seat);
  const row = await seenRow(ctx, tournamentId, key);
  if (!row) await ctx.db.insert("tournamentSeen", { tournamentId, seat: key, at: now });
  else if (now - row.at >= SEEN_REFRESH_MS) {
    await ctx.db.patch("tournamentSeen", row._id, { at: now });
  }
}

/**
 * The heartbeat of a tournament page: the caller's seat, if they hold one in a tournament not yet
 * launched, is seen now. A caller without a seat writes nothing (not even a rate-limit token).
 */
export async function seenFromPage(
  ctx: MutationCtx,
  tournamentId: Id<"tournaments">,
  sessionId: string,
  viewer: Viewer,
  callerKeys: string[],
): Promise<void> {
  const doc = await ctx.db.get("tournaments", tournamentId);
  if (!doc || doc.archived || doc.launchedMaps > 0) return;
  const seat = await seatOf(ctx, doc, sessionId, viewer);
  const held = seat && doc[seat.team].players.find((p) => p.nickname === seat.nickname);
  if (!held) return;
  if (!(await allowSeenHeartbeat(ctx, callerKeys, tournamentId))) return;
  await markSeen(ctx, doc._id, held, Date.now());
}

export interface SeatActivity {
  team: TournamentTeamKey;
  nickname: string;
  lastSeen: number;
}

/** Every seat with its holder's last sign of life (taking the seat counts as one). */
export async function seatActivity(
  ctx: QueryCtx,
  doc: Doc<"tournaments">,
): Promise<SeatActivity[]> {
  const out: SeatActivity[] = [];
  for (const team of ["teamA", "teamB"] as const) {
    for (const seat of doc[team].players) {
      const row = await seenRow(ctx, doc._id, seatKey(seat));
      out.push({ team, nickname: seat.nickname, lastSeen: Math.max(seat.joinedAt, row?.at ?? 0) });
    }
  }
  return out;
}

export function isIdle(seat: Pick<SeatActivity, "lastSeen">, now: number): boolean {
  return now - seat.lastSeen >= SEAT_IDLE_MS;
}

/** Whether the veto has not started yet: the only time an idle seat may be freed as idle. */
export function beforeVeto(t: Pick<TournamentState, "status">): boolean {
  return t.status === "waiting_for_teams" || t.status === "ready_check";
}

/** Frees every idle seat (pure): refused once the veto started, or when no seat is idle. */
export function withoutIdleSeats(
  t: TournamentState,
  activity: readonly SeatActivity[],
  now: number,
): { next: TournamentState; freed: SeatActivity[] } {
  if (!beforeVeto(t)) fail("CONFLICT", SEAT_MESSAGES.idleTooLate);
  const freed = activity.filter((a) => isIdle(a, now));
  if (freed.length === 0) fail("CONFLICT", SEAT_MESSAGES.noIdleSeats);
  let next = t;
  for (const seat of freed) next = removeSeat(next, seat.team, seat.nickname, now);
  return { next, freed };
}
