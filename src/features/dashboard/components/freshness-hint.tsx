import { useNow } from "@/hooks/use-now";
import { freshnessLabel } from "../utils/freshness";

/** Ticks every second so the age stays current between data updates. */
export function FreshnessHint({ updatedAt }: { updatedAt: number | undefined }) {
  const now = useNow(1000);
  return <span className="tabular">{freshnessLabel(updatedAt, now)}</span>;
}
