import { t } from "@/i18n";
import "@/i18n/load/common";

/** The newest of the given timestamps (ms), ignoring missing ones. */
export function newestTimestamp(...values: (number | undefined | null)[]): number | undefined {
  const present = values.filter((v): v is number => typeof v === "number" && Number.isFinite(v));
  return present.length > 0 ? Math.max(...present) : undefined;
}

/** "оновлено N с тому" (then minutes, then hours); clock skew never shows a negative age. */
export function freshnessLabel(updatedAt: number | undefined, now: number): string {
  if (updatedAt === undefined) return t("freshness.never");
  const seconds = Math.max(0, Math.floor((now - updatedAt) / 1000));
  if (seconds < 60) return t("freshness.seconds", { n: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t("freshness.minutes", { n: minutes });
  return t("freshness.hours", { n: Math.floor(minutes / 60) });
}
