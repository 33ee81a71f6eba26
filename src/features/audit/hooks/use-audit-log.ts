import { useConvex, usePaginatedQuery, useQuery } from "convex/react";
import type { FunctionArgs, FunctionReturnType } from "convex/server";
import { useCallback } from "react";
import { api } from "@/lib/backend";
import { auditCsv } from "../utils/audit-csv";

export type AuditRow = FunctionReturnType<typeof api.audit.list>["page"][number];
export type AuditFilters = NonNullable<FunctionArgs<typeof api.audit.list>["filters"]>;

export const AUDIT_PAGE_SIZE = 20;
/** The export stops here: a spreadsheet, not a backup. */
const CSV_MAX_PAGES = 40;
const CSV_PAGE = 500;

/** The audit log, newest first, filtered, a page at a time (admin only: the query throws for others). */
export function useAuditLog(filters: AuditFilters = {}) {
  const { results, status, loadMore } = usePaginatedQuery(
    api.audit.list,
    { filters },
    { initialNumItems: AUDIT_PAGE_SIZE },
  );
  return {
    rows: results as AuditRow[],
    status,
    loadMore: () => loadMore(AUDIT_PAGE_SIZE),
  };
}

/** Known user names, for the user filter (the audit log is admin-only, so is this list). */
export function useAuditUsers(): string[] {
  const users = useQuery(api.users.list);
  return users?.map((u) => u.username) ?? [];
}

/** The filtered log as CSV text (up to 20,000 entries, in Ukrainian labels), read page by page. */
export function useAuditCsv() {
  const convex = useConvex();
  return useCallback(
    async (filters: AuditFilters) => {
      const rows: AuditRow[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < CSV_MAX_PAGES; i++) {
        const page: FunctionReturnType<typeof api.audit.exportCsv> = await convex.query(
          api.audit.exportCsv,
          { filters, paginationOpts: { numItems: CSV_PAGE, cursor } },
        );
        rows.push(...page.rows);
        if (page.isDone) break;
        cursor = page.continueCursor;
      }
      return auditCsv(rows);
    },
    [convex],
  );
}
