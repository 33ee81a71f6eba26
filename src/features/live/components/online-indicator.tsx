import { t } from "@/i18n";
import "@/i18n/load/common";
import styles from "./online-indicator.module.css";

/** Green dot "Онлайн", red dot "Офлайн", grey while the first poll has not finished. */
export function OnlineIndicator({ online }: { online: boolean | undefined }) {
  const state = online === undefined ? "unknown" : online ? "online" : "offline";
  const text =
    online === undefined ? t("header.checking") : online ? t("header.online") : t("header.offline");
  return (
    <span
      className={`${styles.indicator} ${styles[state] ?? ""}`}
      role="status"
      aria-label={t("header.statusLabel", { status: text })}
    >
      <span className={styles.dot} aria-hidden="true" />
      <span aria-hidden="true">{text}</span>
    </span>
  );
}
