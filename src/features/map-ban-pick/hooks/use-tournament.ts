import { useAction, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useSessionId, useSessionMutation, useSessionQuery } from "convex-helpers/react/sessions";
import { useCallback } from "react";
import { api, type Id } from "@/lib/backend";

export type Tournament = NonNullable<FunctionReturnType<typeof api.tournament.get>>;
/** This browser's seat in the active tournament; null when it has not joined. */
export type Seat = FunctionReturnType<typeof api.tournament.me>;
export type TeamKey = Tournament["sequence"][number]["team"];
export type Side = NonNullable<Tournament["finalSide"]>;

/** The active tournament, live; null when none exists, undefined while loading. */
export function useTournament(): Tournament | null | undefined {
  return useQuery(api.tournament.get);
}

export function useMySeat(): Seat | undefined {
  return useSessionQuery(api.tournament.me);
}

/** Joining and the veto steps, as this browser session. */
export function useTournamentMoves() {
  const join = useSessionMutation(api.tournament.join);
  const ban = useSessionMutation(api.tournament.ban);
  const pickSide = useSessionMutation(api.tournament.pickSide);
  return { join, ban, pickSide };
}

/** Admin actions; the session id lets the audit log tell a refused guest apart. */
export function useTournamentAdmin() {
  const [sessionId] = useSessionId();
  const resetAction = useAction(api.tournament.reset);
  const launchAction = useAction(api.tournamentLaunch.launch);
  const reset = useCallback(() => resetAction({ sessionId }), [resetAction, sessionId]);
  const launch = useCallback(
    (serverId: Id<"servers">, mode: string) => launchAction({ serverId, mode, sessionId }),
    [launchAction, sessionId],
  );
  return { reset, launch };
}
