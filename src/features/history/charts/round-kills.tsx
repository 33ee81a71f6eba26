import { formatInteger } from "@/i18n/format";
import { t } from "@/i18n";
import "@/i18n/load/history";
import type { BreakdownRound } from "@/lib/backend-history";
import styles from "./charts.module.css";

const W = 320;
const H = 140;
const PAD = 16;

/**
 * Kills of each round: the CT side's bar up from the middle line, the T side's down; a dot over a
 * round a player clutched. Every round says its numbers on hover and to screen readers.
 */
export function RoundKills({ rounds }: { rounds: BreakdownRound[] }) {
  // A short map keeps bars of a regulation map's width instead of a few wide blocks.
  const n = Math.max(12, rounds.length);
  const max = Math.max(5, ...rounds.map((r) => Math.max(r.killsCT, r.killsT)));
  const mid = H / 2;
  const half = mid - PAD;
  const step = (W - 2 * PAD) / n;
  const bar = Math.max(1, step * 0.7);
  const totalCT = rounds.reduce((s, r) => s + r.killsCT, 0);
  const totalT = rounds.reduce((s, r) => s + r.killsT, 0);
  return (
    <figure className={styles.chart}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={t("history.breakdown.killsLabel", {
          ct: formatInteger(totalCT),
          t: formatInteger(totalT),
          rounds: formatInteger(rounds.length),
        })}
      >
        <line x1={PAD} y1={mid} x2={W - PAD} y2={mid} className={styles.axis} />
        {rounds.map((r, i) => {
          const x = PAD + i * step + (step - bar) / 2;
          const up = (r.killsCT / max) * half;
          const down = (r.killsT / max) * half;
          return (
            <g key={r.round} data-testid="round-kills">
              <title>
                {t("history.breakdown.roundTitle", {
                  round: formatInteger(r.round),
                  ct: formatInteger(r.killsCT),
                  t: formatInteger(r.killsT),
                })}
              </title>
              <rect x={x} y={mid - up} width={bar} height={up} className={styles.ctBar} />
              <rect x={x} y={mid} width={bar} height={down} className={styles.tBar} />
              {r.clutch ? (
                <circle
                  cx={x + bar / 2}
                  cy={r.clutch.side === "CT" ? mid - up - 5 : mid + down + 5}
                  r={2.5}
                  className={r.clutch.side === "CT" ? styles.ctDot : styles.tDot}
                />
              ) : null}
              {r.round % 5 === 0 ? (
                <text x={x + bar / 2} y={H - 2} textAnchor="middle" className={styles.tick}>
                  {r.round}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className={styles.legend}>
        <span className={styles.ctText}>■ CT {formatInteger(totalCT)}</span>
        <span className={styles.tText}>■ T {formatInteger(totalT)}</span>
      </figcaption>
      <p className={styles.muted}>{t("history.breakdown.killsHint")}</p>
    </figure>
  );
}
