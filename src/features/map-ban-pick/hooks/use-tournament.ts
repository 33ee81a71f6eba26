import { useQuery } from "convex/react";
import type { FunctionArgs, FunctionReference, FunctionReturnType } from "convex/server";
import { useSessionMutation, useSessionQuery } from "convex-helpers/react/sessions";
import { useMemo } from "react";
import { useGatedAction } from "@/hooks/use-gated-action";
import { api, type Id } from "@/lib/backend";
import { throwRefusal } from "@/lib/errors";

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

/** A move's own arguments; the session id is added by the session hook. */
type MoveArgs<F extends FunctionReference<"mutation">> = Omit<FunctionArgs<F>, "sessionId">;

/** Joining and the veto steps, as this browser session; a refusal rejects with its message. */
export function useTournamentMoves() {
  const joinMutation = useSessionMutation(api.tournament.join);
  const banMutation = useSessionMutation(api.tournament.ban);
  const pickSideMutation = useSessionMutation(api.tournament.pickSide);
  return useMemo(
    () => ({
      join: async (args: MoveArgs<typeof api.tournament.join>) =>
        throwRefusal(await joinMutation(args)),
      ban: async (args: MoveArgs<typeof api.tournament.ban>) =>
        throwRefusal(await banMutation(args)),
      pickSide: async (args: MoveArgs<typeof api.tournament.pickSide>) =>
        throwRefusal(await pickSideMutation(args)),
    }),
    [joinMutation, banMutation, pickSideMutation],
  );
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
