import { t } from "@/i18n";
import "@/i18n/load/history";
import type { Side } from "@/lib/backend";
import styles from "./charts.module.css";

const W = 320;
const H = 120;
const PAD = 16;

/**
 * The score as it grew, round by round: one step line per team (or per side when the halves are
 * unknown). Plain SVG: two polylines need no charting library, and it weighs nothing.
 */
export function ScoreChart({
  wins,
  names,
}: {
  /** The winner of each round (null: unknown). */
  wins: (Side | null)[];
  names: { CT: string; T: string };
}) {
  const n = wins.length;
  let ct = 0;
  let tt = 0;
  const points = { CT: [[0, 0]] as number[][], T: [[0, 0]] as number[][] };
  wins.forEach((w, i) => {
    if (w === "CT") ct++;
    if (w === "T") tt++;
    points.CT.push([i + 1, ct]);
    points.T.push([i + 1, tt]);
  });
  const max = Math.max(1, ct, tt);
  const x = (r: number) => PAD + (r / Math.max(1, n)) * (W - 2 * PAD);
  const y = (s: number) => H - PAD - (s / max) * (H - 2 * PAD);
  const line = (pts: number[][]) =>
    pts
      .map(([r, s], i) => {
        if (i === 0) return `${x(r!)},${y(s!)}`;
        const [pr] = pts[i - 1]!;
        return `${x(pr!)},${y(s!)} ${x(r!)},${y(s!)}`;
      })
      .join(" ");
  return (
    <figure className={styles.chart}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={t("history.match.chartLabel", {
          ct: names.CT,
          t: names.T,
          scoreCT: ct,
          scoreT: tt,
          rounds: n,
        })}
      >
        <line x1={PAD} y1={H - PAD} x2={W - PAD} y2={H - PAD} className={styles.axis} />
        <line x1={PAD} y1={PAD} x2={PAD} y2={H - PAD} className={styles.axis} />
        <polyline points={line(points.CT)} className={styles.ctLine} />
        <polyline points={line(points.T)} className={styles.tLine} />
        <text x={W - PAD} y={y(ct) - 4} textAnchor="end" className={styles.ctText}>
          {ct}
        </text>
        <text x={W - PAD} y={y(tt) - 4} textAnchor="end" className={styles.tText}>
          {tt}
        </text>
      </svg>
      <figcaption className={styles.legend}>
        <span className={styles.ctText}>■ {names.CT}</span>{" "}
        <span className={styles.tText}>■ {names.T}</span>
      </figcaption>
    </figure>
  );
}
