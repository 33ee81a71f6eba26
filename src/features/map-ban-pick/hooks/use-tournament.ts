import { useMutation, usePaginatedQuery, useQuery } from "convex/react";
import type { FunctionArgs, FunctionReference, FunctionReturnType } from "convex/server";
import { useSessionMutation, useSessionQuery } from "convex-helpers/react/sessions";
import { useEffect, useMemo, useRef, useState } from "react";
import { useDocumentVisible } from "@/hooks/use-document-visible";
import { useGatedAction } from "@/hooks/use-gated-action";
import { useServers } from "@/hooks/use-servers";
import { api, type Id, type Side } from "@/lib/backend";
import { throwRefusal } from "@/lib/errors";

export type Tournament = NonNullable<FunctionReturnType<typeof api.tournament.get>>;
export type TournamentListItem = FunctionReturnType<typeof api.tournament.list>[number];
/** This browser's seat in a tournament; null when it has not joined. */
export type Seat = FunctionReturnType<typeof api.tournament.me>;
export type TeamKey = Tournament["sequence"][number]["team"];
export type Format = Tournament["format"];
export type Readiness = FunctionReturnType<typeof api.tournamentAdmin.readiness>;
export type SeatActivity = FunctionReturnType<typeof api.tournamentAdmin.seatActivity>;

/** A tournament by slug (or the newest active one without), live; undefined while loading. */
export function useTournament(slug?: string): Tournament | null | undefined {
  return useQuery(api.tournament.get, slug === undefined ? {} : { slug });
}

export function useTournamentList(): TournamentListItem[] | undefined {
  return useQuery(api.tournament.list);
}

const ARCHIVE_PAGE = 10;

/** Archived tournaments, newest first, a page at a time; only while `enabled`. */
export function useArchive(enabled: boolean) {
  return usePaginatedQuery(api.tournament.listArchived, enabled ? {} : "skip", {
    initialNumItems: ARCHIVE_PAGE,
  });
}

export function useMySeat(tournamentId: Id<"tournaments"> | undefined): Seat | undefined {
  return useSessionQuery(api.tournament.me, tournamentId ? { tournamentId } : "skip");
}

/** How often a seat holder's open page says "still here" (the backend writes it at most this often). */
const SEEN_EVERY_MS = 60_000;

/**
 * While this browser holds a seat and the page is shown, tells the panel once a minute that the
 * holder is still here, so the admin does not take them for gone. A hidden tab says nothing.
 */
export function useSeatHeartbeat(tournamentId: Id<"tournaments"> | undefined, seated: boolean) {
  const seen = useSessionMutation(api.tournament.seen);
  // The mutation's function may change between renders; the beat must not restart with it.
  const seenRef = useRef(seen);
  useEffect(() => {
    seenRef.current = seen;
  }, [seen]);
  const visible = useDocumentVisible();
  useEffect(() => {
    if (!tournamentId || !seated || !visible) return;
    // Best effort: a missed heartbeat is made up by the next one.
    const beat = () => void seenRef.current({ tournamentId }).catch(() => undefined);
    beat();
    const id = window.setInterval(beat, SEEN_EVERY_MS);
    return () => window.clearInterval(id);
  }, [tournamentId, seated, visible]);
}

/** For admins: when each seat's holder was last seen. */
export function useSeatActivity(
  tournamentId: Id<"tournaments">,
  enabled: boolean,
): SeatActivity | undefined {
  return useQuery(api.tournamentAdmin.seatActivity, enabled ? { tournamentId } : "skip");
}

/** Launch readiness for admins: who of the participants is on the server now. */
export function useReadiness(
  tournamentId: Id<"tournaments">,
  serverId: Id<"servers"> | undefined,
  enabled: boolean,
): Readiness | undefined {
  return useQuery(
    api.tournamentAdmin.readiness,
    enabled && serverId ? { tournamentId, serverId } : "skip",
  );
}

/**
 * Milliseconds to add to `Date.now()` to get the server's time, measured once per page from one
 * round trip (the midpoint of the call); 0 until measured.
 */
export function useServerOffset(enabled: boolean): number {
  const clock = useMutation(api.tournament.clock);
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const sent = Date.now();
    clock()
      .then((server) => {
        if (live) setOffset(server - (sent + Date.now()) / 2);
      })
      // Without a measurement the countdown uses the local clock: close enough, never fatal.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [clock, enabled]);
  return offset;
}

/** A move's own arguments; the session and tournament ids are added here. */
type MoveArgs<F extends FunctionReference<"mutation">> = Omit<
  FunctionArgs<F>,
  "sessionId" | "tournamentId"
>;

/** Joining and the veto steps in one tournament, as this browser session. */
export function useTournamentMoves(tournamentId: Id<"tournaments">) {
  const joinMutation = useSessionMutation(api.tournament.join);
  const readyMutation = useSessionMutation(api.tournament.ready);
  const leaveMutation = useSessionMutation(api.tournament.leave);
  const banMutation = useSessionMutation(api.tournament.ban);
  const pickMapMutation = useSessionMutation(api.tournament.pickMap);
  const pickSideMutation = useSessionMutation(api.tournament.pickSide);
  return useMemo(
    () => ({
      join: async (args: MoveArgs<typeof api.tournament.join>) =>
        throwRefusal(await joinMutation({ ...args, tournamentId })),
      ready: async () => throwRefusal(await readyMutation({ tournamentId })),
      leave: async () => throwRefusal(await leaveMutation({ tournamentId })),
      ban: async (args: MoveArgs<typeof api.tournament.ban>) =>
        throwRefusal(await banMutation({ ...args, tournamentId })),
      pickMap: async (args: MoveArgs<typeof api.tournament.pickMap>) =>
        throwRefusal(await pickMapMutation({ ...args, tournamentId })),
      pickSide: async (args: MoveArgs<typeof api.tournament.pickSide>) =>
        throwRefusal(await pickSideMutation({ ...args, tournamentId })),
    }),
    [
      tournamentId,
      joinMutation,
      readyMutation,
      leaveMutation,
      banMutation,
      pickMapMutation,
      pickSideMutation,
    ],
  );
}

/**
 * Admin actions, through the same gated-action runner as every other admin call: it passes the
 * session id (so the audit log tells a refused guest apart), tracks pending state and toasts the
 * outcome once. `launch` targets the selected server.
 */
export function useTournamentAdmin(serverId?: Id<"servers">) {
  const create = useGatedAction(api.tournamentAdmin.create, { needsServer: false });
  const adminOp = useGatedAction(api.tournamentAdmin.adminOp, { needsServer: false });
  const launch = useGatedAction(api.tournamentLaunch.launch, { serverId });
  const seatOp = useGatedAction(api.tournamentAdmin.seatOp, { needsServer: false });
  const rename = useGatedAction(api.tournamentAdmin.rename, { needsServer: false });
  const freeIdleSeats = useGatedAction(api.tournamentAdmin.freeIdleSeats, { needsServer: false });
  return { create, adminOp, launch, seatOp, rename, freeIdleSeats };
}

/** An admin picking the side for the team in turn: an audited admin action, not a seat's move. */
export function useSidePickForTeam(tournamentId: Id<"tournaments">) {
  const { run } = useGatedAction(api.tournamentAdmin.pickSide, { needsServer: false });
  return useMemo(
    () => ({
      run: (args: { side: Side; expectedStep: number }) => run({ ...args, tournamentId }),
    }),
    [run, tournamentId],
  );
}

/**
 * How the panel reaches a server and whether it runs MatchZy: MatchZy holds a Steam roster, the
 * plugin API places the players connected at launch, a console alone places nobody.
 */
export function useServerConnection(serverId: Id<"servers"> | undefined) {
  const servers = useServers();
  const server = servers?.find((s) => s._id === serverId);
  return server ? { type: server.connectionType, matchzy: server.matchzy } : undefined;
}
