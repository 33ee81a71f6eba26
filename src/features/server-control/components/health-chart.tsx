import { t } from "@/i18n";
import "@/i18n/load/admin";
import { formatTime } from "@/i18n/format";
import type { ServerHealth } from "../hooks/use-server-health";
import styles from "./health.module.css";

type Sample = ServerHealth["samples"][number];

const W = 300;
const H = 64;

/**
 * The last hour of one figure as a line (gaps where the server was offline or did not report it),
 * with its latest value and range as text beside it: the chart is for a glance, the numbers for
 * reading.
 */
export function HealthChart({
  samples,
  pick,
  label,
  unit,
  now,
}: {
  samples: Sample[];
  pick: (s: Sample) => number | undefined;
  label: string;
  unit: string;
  now: number;
}) {
  const from = now - 60 * 60_000;
  const points = samples
    .filter((s) => s.at >= from)
    .map((s) => ({ at: s.at, value: s.online ? pick(s) : undefined }));
  const values = points.flatMap((p) => (p.value !== undefined ? [p.value] : []));
  if (values.length === 0) return null;
  const max = Math.max(...values, 1);
  const x = (at: number) => ((at - from) / (now - from)) * W;
  const y = (value: number) => H - 4 - (value / max) * (H - 8);
  const paths: string[] = [];
  let open = false;
  for (const p of points) {
    if (p.value === undefined) {
      open = false;
      continue;
    }
    const at = `${x(p.at).toFixed(1)},${y(p.value).toFixed(1)}`;
    // Each run starts with a zero-length segment, so a lone point still shows as a dot.
    paths.push(open ? `L${at}` : `M${at} L${at}`);
    open = true;
  }
  const min = Math.min(...values);
  const first = points[0]?.at ?? from;
  return (
    <figure className={styles.chart}>
      <figcaption className={styles.chartCaption}>
        <span>{label}</span>
        <span className={styles.chartRange}>
          {t("admin.health.chartRange", {
            min: Math.round(min),
            max: Math.round(max),
            unit,
            since: formatTime(first),
          })}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        className={styles.chartSvg}
        role="img"
        aria-label={t("admin.health.chartAria", {
          label,
          min: Math.round(min),
          max: Math.round(max),
          unit,
        })}
      >
        <path d={paths.join(" ")} className={styles.chartLine} vectorEffect="non-scaling-stroke" />
      </svg>
    </figure>
  );
}
