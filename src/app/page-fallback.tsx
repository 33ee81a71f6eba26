import { Spinner } from "@/components/ui/spinner";
import { t } from "@/i18n";
import "@/i18n/load/common";
import styles from "./app.module.css";

/** Shown while a lazily loaded route or provider arrives. */
export function PageFallback() {
  return (
    <div className={styles.fallback}>
      <Spinner label={t("common.loading")} />
    </div>
  );
}
