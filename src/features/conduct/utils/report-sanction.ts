import { sanctionLabel } from "@/lib/sanction-label";

/**
 * The sanction a report led to, in the visitor's language; a report decided before the backend
 * kept its code shows the words stored then.
 */
export function reportSanction(report: { sanction?: string; sanctionCode?: string }): string {
  return report.sanctionCode ? sanctionLabel(report.sanctionCode) : (report.sanction ?? "");
}
