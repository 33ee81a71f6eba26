import { formatInteger } from "@/i18n/format";
import { t } from "@/i18n";
import "@/i18n/load/history";
import type { EconomyRound } from "@/lib/backend-history";
import styles from "./charts.module.css";

const W = 320;
const H = 140;
const PAD = 18;

/** Each side's money at every round's start, one line per side, the highest sum on the axis. */
export function MoneyChart({ economy }: { economy: EconomyRound[] }) {
  const n = economy.length;
  const max = Math.max(1, ...economy.map((e) => Math.max(e.CT, e.T)));
  const first = economy[0]?.round ?? 1;
  const last = economy.at(-1)?.round ?? 1;
  const x = (round: number) => PAD + ((round - first) / Math.max(1, last - first)) * (W - 2 * PAD);
  const y = (money: number) => H - PAD - (money / max) * (H - 2 * PAD);
  const line = (side: "CT" | "T") => economy.map((e) => `${x(e.round)},${y(e[side])}`).join(" ");
  return (
    <figure className={styles.chart}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={t("history.breakdown.moneyLabel", {
          rounds: formatInteger(n),
          max: formatInteger(max),
        })}
      >
        <line x1={PAD} y1={H - PAD} x2={W - PAD} y2={H - PAD} className={styles.axis} />
        <line x1={PAD} y1={PAD} x2={PAD} y2={H - PAD} className={styles.axis} />
        <text x={PAD + 2} y={PAD - 4} className={styles.tick}>
          ${formatInteger(max)}
        </text>
        <polyline points={line("CT")} className={styles.ctLine} />
        <polyline points={line("T")} className={styles.tLine} />
        {economy.map((e) => (
          <g key={e.round}>
            <title>
              {t("history.breakdown.moneyTitle", {
                round: formatInteger(e.round),
                ct: formatInteger(e.CT),
                t: formatInteger(e.T),
              })}
            </title>
            <circle cx={x(e.round)} cy={y(e.CT)} r={2} className={styles.ctDot} />
            <circle cx={x(e.round)} cy={y(e.T)} r={2} className={styles.tDot} />
            {e.round % 5 === 0 ? (
              <text x={x(e.round)} y={H - 4} textAnchor="middle" className={styles.tick}>
                {e.round}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
      <figcaption className={styles.legend}>
        <span className={styles.ctText}>■ {t("history.match.side.CT")}</span>
        <span className={styles.tText}>■ {t("history.match.side.T")}</span>
      </figcaption>
    </figure>
  );
}
