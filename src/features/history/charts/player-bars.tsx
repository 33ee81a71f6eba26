import { formatRatio } from "@/i18n/format";
import { t } from "@/i18n";
import "@/i18n/load/history";
import "@/i18n/load/match";
import type { BotLine, HistoryLine } from "@/lib/backend-history";
import { adr } from "../utils/format";
import styles from "./charts.module.css";

type Line = HistoryLine | BotLine;

const kd = (l: Line) => (l.deaths > 0 ? l.kills / l.deaths : l.kills);

/** ADR and K/D of every player as bars, scaled to the match's best; bots marked as bots. */
export function PlayerBars({ lines }: { lines: Line[] }) {
  const rows = lines.map((l) => ({ line: l, adr: adr(l.damage, l.rounds), kd: kd(l) }));
  const maxAdr = Math.max(1, ...rows.map((r) => r.adr));
  const maxKd = Math.max(1, ...rows.map((r) => r.kd));
  return (
    <ul className={styles.bars} aria-label={t("history.match.bars")}>
      {rows.map(({ line, adr: a, kd: k }) => (
        <li key={"steamId" in line ? line.steamId : `bot:${line.name}`} className={styles.barRow}>
          <span
            className={`${styles.barName} ${line.side === "CT" ? styles.ctText : line.side === "T" ? styles.tText : ""}`}
          >
            {line.name}
            {"steamId" in line ? null : ` (${t("board.bot")})`}
          </span>
          <span className={styles.barTrack} title={`ADR ${formatRatio(a)}`}>
            <span className={styles.barAdr} style={{ width: `${(a / maxAdr) * 100}%` }} />
            <span className={styles.barValue}>ADR {formatRatio(a)}</span>
          </span>
          <span className={styles.barTrack} title={`K/D ${formatRatio(k)}`}>
            <span className={styles.barKd} style={{ width: `${(k / maxKd) * 100}%` }} />
            <span className={styles.barValue}>K/D {formatRatio(k)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
