import { Badge } from "@/components/ui/badge";
import { t } from "@/i18n";
import { formatTime } from "@/i18n/format";
import "@/i18n/load/conduct";
import styles from "./conduct.module.css";

export interface ShownChatLine {
  at: number;
  name: string;
  steamId: string;
  side?: "CT" | "T";
  teamOnly: boolean;
  text: string;
  round?: number;
}

/** Chat lines as text (player text is never markup), oldest first as they were said. */
export function ChatLines({ lines, label }: { lines: ShownChatLine[]; label: string }) {
  if (lines.length === 0) return <p className={styles.empty}>{t("conduct.chat.empty")}</p>;
  return (
    <ol className={styles.chat} aria-label={label}>
      {lines.map((line, i) => (
        <li key={`${line.at}-${i}`} className={styles.chatLine}>
          <span className={styles.muted}>{formatTime(line.at)}</span>
          {line.round !== undefined ? (
            <span className={styles.muted}>{t("conduct.chat.round", { round: line.round })}</span>
          ) : null}
          {line.side ? <Badge tone={line.side === "CT" ? "ct" : "t"}>{line.side}</Badge> : null}
          <span className={styles.name} title={line.steamId}>
            {line.name}
          </span>
          {line.teamOnly ? <span className={styles.muted}>{t("conduct.chat.team")}</span> : null}
          <span className={styles.text}>{line.text}</span>
        </li>
      ))}
    </ol>
  );
}
