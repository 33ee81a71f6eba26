import { Notice } from "@/components/ui/notice";
import { t } from "@/i18n";
import "@/i18n/load/moderation";
import type { FlaggedPlayer } from "../hooks/use-sanctions";
import { flagText } from "../utils/flag-text";
import styles from "@/styles/admin.module.css";

const SHOWN = 3;

/**
 * For staff on the dashboard: who on the server has an active or recent sanction (the «⚑» flag
 * of the player list), a few by name, so nobody has to open the players tab to notice.
 */
export function SanctionNotice({ flagged }: { flagged: FlaggedPlayer[] }) {
  if (flagged.length === 0) return null;
  const shown = flagged.slice(0, SHOWN);
  return (
    <Notice>
      <span className={styles.noticeTitle}>{t("moderation.notice.title")}:</span>{" "}
      {shown.map((f, i) => (
        <span key={f.steamId}>
          {i > 0 ? "; " : ""}
          <span className={styles.wrap}>{f.name}</span> ({flagText(f)})
        </span>
      ))}
      {flagged.length > SHOWN
        ? ` ${t("moderation.notice.more", { n: flagged.length - SHOWN })}`
        : ""}
    </Notice>
  );
}
