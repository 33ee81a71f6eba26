import { usePaginatedQuery, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "@/lib/backend";

export type PublicBan = FunctionReturnType<typeof api.moderation.publicBans>["page"][number];

const PAGE = 25;

/** The community's public ban list (empty unless an admin made it public). */
export function usePublicBans() {
  const info = useQuery(api.moderation.publicBanListInfo);
  const { results, status, loadMore } = usePaginatedQuery(
    api.moderation.publicBans,
    info?.enabled ? {} : "skip",
    { initialNumItems: PAGE },
  );
  return {
    enabled: info?.enabled,
    rows: results as PublicBan[],
    status,
    loadMore: () => loadMore(PAGE),
  };
}
