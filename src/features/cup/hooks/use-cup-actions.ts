import { useAction, useMutation, useQuery } from "convex/react";
import type { Id } from "@/lib/backend";
import { api } from "@/lib/backend";

/** The caller's team in a cup (with its invite code), or null; skipped for visitors. */
export function useMyCupTeam(cupId: Id<"cups">, signedIn: boolean) {
  return useQuery(api.cups.mine, signedIn ? { cupId } : "skip");
}

/** What a signed-in player does in a cup: a team, joining one, check-in, an agreed time. */
export function useCupPlayer() {
  return {
    createTeam: useMutation(api.cups.createTeam),
    joinTeam: useMutation(api.cups.joinTeam),
    checkIn: useMutation(api.cups.checkIn),
    proposeTime: useMutation(api.cups.proposeTime),
    acceptTime: useMutation(api.cups.acceptTime),
  };
}

/** The admin's acts on a running cup, each an audited capability. */
export function useCupAdmin() {
  return {
    create: useAction(api.cupAdmin.create),
    start: useAction(api.cupAdmin.start),
    matchChange: useAction(api.cupAdmin.matchChange),
    reschedule: useAction(api.cupAdmin.reschedule),
    moveServer: useAction(api.cupAdmin.moveServer),
  };
}

/** The cup's matches that cannot go on by themselves, and the pool's free servers (admins only). */
export function useCupStalls(cupId: Id<"cups">, running: boolean) {
  return useQuery(api.cupAdmin.stalls, running ? { cupId } : "skip");
}

export type MatchChange =
  | { kind: "result"; winner: Id<"cupTeams">; winnerMaps: number; loserMaps: number }
  | { kind: "walkover"; winner: Id<"cupTeams"> }
  | { kind: "replay" };

/** What a change would drop and move downstream, before it is made (admins only). */
export function useChangePreview(matchId: Id<"cupMatches">, change: MatchChange | null) {
  return useQuery(api.cupAdmin.preview, change ? { matchId, change } : "skip");
}
