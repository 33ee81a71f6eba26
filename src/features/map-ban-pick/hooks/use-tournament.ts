import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useSessionMutation, useSessionQuery } from "convex-helpers/react/sessions";
import { useGatedAction } from "@/hooks/use-gated-action";
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

/**
 * Admin actions, through the same gated-action runner as every other admin call: it passes the
 * session id (so the audit log tells a refused guest apart), tracks pending state and toasts the
 * outcome once. `launch` targets the selected server.
 */
export function useTournamentAdmin(serverId?: Id<"servers">) {
  const reset = useGatedAction(api.tournament.reset, { needsServer: false });
  const launch = useGatedAction(api.tournamentLaunch.launch, { serverId });
  return { reset, launch };
}
