import { LANGUAGES, setLanguage, t } from "@/i18n";
import "@/i18n/load/common";
import { useLanguage } from "@/hooks/use-language";
import styles from "./language-switch.module.css";

/**
 * The panel's language, remembered in this browser. Each option is written in its own language
 * (and tagged so), so a visitor finds theirs whatever the page shows now.
 */
export function LanguageSwitch() {
  const language = useLanguage();
  return (
    <label className={styles.switch}>
      <span className={styles.label}>{t("header.language")}</span>
      <select
        className={styles.select}
        value={language}
        onChange={(event) => void setLanguage(event.target.value)}
        title={t("header.language")}
      >
        {Object.entries(LANGUAGES).map(([code, meta]) => (
          <option key={code} value={code} lang={code}>
            {meta.name}
          </option>
        ))}
      </select>
    </label>
  );
}
