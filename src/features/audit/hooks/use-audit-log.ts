import { usePaginatedQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "@/lib/backend";

export type AuditRow = FunctionReturnType<typeof api.audit.list>["page"][number];

export const AUDIT_PAGE_SIZE = 20;

/** The audit log, newest first, a page at a time (admin only: the query throws for others). */
export function useAuditLog() {
  const { results, status, loadMore } = usePaginatedQuery(
    api.audit.list,
    {},
    { initialNumItems: AUDIT_PAGE_SIZE },
  );
  return {
    rows: results as AuditRow[],
    status,
    loadMore: () => loadMore(AUDIT_PAGE_SIZE),
  };
}
