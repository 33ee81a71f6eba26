import { useMutation, usePaginatedQuery, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useGatedAction } from "@/hooks/use-gated-action";
import { api, type Id } from "@/lib/backend";

const PAGE = 10;

export type ReportStatus = "open" | "claimed" | "resolved" | "rejected";
export type ReportRow = FunctionReturnType<typeof api.conduct.reports>["page"][number];
export type AppealRow = FunctionReturnType<typeof api.conduct.appeals>["page"][number];
export type ChatRow = FunctionReturnType<typeof api.conduct.chat>["page"][number];
export type OwnRecord = NonNullable<FunctionReturnType<typeof api.conduct.myRecord>>;

/** The report queue of one status, newest first (staff only). */
export function useReports(status: ReportStatus) {
  const {
    results,
    status: loading,
    loadMore,
  } = usePaginatedQuery(api.conduct.reports, { status }, { initialNumItems: PAGE });
  return { rows: results, status: loading, loadMore: () => loadMore(PAGE) };
}

/** Claim, resolve and reject, through the audited capabilities. */
export function useReportActions() {
  return {
    claim: useGatedAction(api.conduct.claimReport, { needsServer: false }),
    resolve: useGatedAction(api.conduct.resolveReport, { needsServer: false }),
    reject: useGatedAction(api.conduct.rejectReport, { needsServer: false }),
  };
}

/** Open appeals with whether the caller may decide each (staff only). */
export function useAppeals() {
  const { results, status, loadMore } = usePaginatedQuery(
    api.conduct.appeals,
    { status: "open" },
    { initialNumItems: PAGE },
  );
  return { rows: results, status, loadMore: () => loadMore(PAGE) };
}

export function useDecideAppeal() {
  return useGatedAction(api.conduct.decideAppeal, { needsServer: false });
}

/** Warning a player on the selected server, and the escalations waiting for staff. */
export function useWarnings(serverId: Id<"servers"> | undefined) {
  return {
    warn: useGatedAction(api.conduct.warn, { serverId }),
    apply: useGatedAction(api.conduct.applyEscalation, { serverId }),
    dismiss: useGatedAction(api.conduct.dismissEscalation, { needsServer: false }),
    escalations: useQuery(api.conduct.escalations, {}),
  };
}

/** A player's warnings (staff only; skip for anyone else). */
export function usePlayerWarnings(steamId: string) {
  return useQuery(api.conduct.warnings, { steamId });
}

export interface ChatFilter {
  serverId?: Id<"servers">;
  steamId?: string;
  text?: string;
  from?: number;
}

/** Chat lines by server, player, words and time, newest first (staff only). */
export function useChat(filter: ChatFilter) {
  const { results, status, loadMore } = usePaginatedQuery(api.conduct.chat, filter, {
    initialNumItems: 20,
  });
  return { rows: results, status, loadMore: () => loadMore(20) };
}

/** The signed-in user's own record (null without a linked Steam). */
export function useOwnRecord(enabled: boolean) {
  return useQuery(api.conduct.myRecord, enabled ? {} : "skip");
}

export function useMyReports(enabled: boolean) {
  return useQuery(api.conduct.myReports, enabled ? {} : "skip");
}

export function useAppeal() {
  return useMutation(api.conduct.appeal);
}

export function useReportPlayer() {
  return useMutation(api.conduct.reportPlayer);
}

/** The sanctions a player got since `since` (what a report's resolution may name). */
export function useSanctionsSince(steamId: string | undefined, since: number) {
  const { results } = usePaginatedQuery(api.moderation.history, steamId ? { steamId } : "skip", {
    initialNumItems: 5,
  });
  return results.filter((s) => s.at >= since && s.kind !== "unban");
}
