import { useAction, usePaginatedQuery, useQuery } from "convex/react";
import { useState } from "react";
import { api } from "@/lib/backend";
import type { Criterion } from "@/lib/backend-history";
import { toastError } from "@/lib/errors";

export const MATCHES_PAGE_SIZE = 20;
export const CAREER_PAGE_SIZE = 10;
export const BOARD_PAGE_SIZE = 25;

/** Recorded matches, latest first; `serverKey` "" means every server. */
export function useMatches(serverKey: string) {
  const { results, status, loadMore } = usePaginatedQuery(
    api.history.matches,
    serverKey ? { serverKey } : {},
    { initialNumItems: MATCHES_PAGE_SIZE },
  );
  return { matches: results, status, loadMore: () => loadMore(MATCHES_PAGE_SIZE) };
}

/** undefined while loading, null when the id names no match. */
export function useMatch(id: string) {
  return useQuery(api.history.match, { id });
}

/** A player's career in a season ("all" for all time); null when none in that season. */
export function useCareer(steamId: string, season: string, valid: boolean) {
  return useQuery(api.history.career, valid ? { steamId, season } : "skip");
}

/** Month seasons the player has a career in, newest first. */
export function useCareerSeasons(steamId: string, valid: boolean): string[] | undefined {
  return useQuery(api.history.careerSeasonList, valid ? { steamId } : "skip");
}

/** The month seasons with any career, newest first (the leaderboard's selector). */
export function useSeasons(): string[] | undefined {
  return useQuery(api.history.seasonList, {});
}

/** Whether a panel user proved this SteamID through Steam's sign-in. */
export function useSteamVerified(steamId: string, valid: boolean): boolean {
  return useQuery(api.steamLink.verified, valid ? { steamId } : "skip") ?? false;
}

export function useCareerMatches(steamId: string, season: string, valid: boolean) {
  const { results, status, loadMore } = usePaginatedQuery(
    api.history.careerMatchList,
    valid ? { steamId, season } : "skip",
    { initialNumItems: CAREER_PAGE_SIZE },
  );
  return { matches: results, status, loadMore: () => loadMore(CAREER_PAGE_SIZE) };
}

/** One page of a leaderboard by rank, from `offset` (the page lives in the address). */
export function useLeaderboard(criterion: Criterion, season: string, offset: number) {
  return useQuery(api.history.leaderboard, {
    criterion,
    season,
    offset,
    limit: BOARD_PAGE_SIZE,
  });
}

/** Voids a match (admin); a refusal is shown once as a toast. Resolves true when done. */
export function useVoidMatch() {
  const run = useAction(api.history.voidMatch);
  const [pending, setPending] = useState(false);
  const voidMatch = async (matchId: string): Promise<boolean> => {
    setPending(true);
    try {
      await run({ matchId });
      return true;
    } catch (error) {
      toastError(error);
      return false;
    } finally {
      setPending(false);
    }
  };
  return { voidMatch, pending };
}
