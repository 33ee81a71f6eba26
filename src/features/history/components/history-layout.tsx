import type { ReactNode } from "react";
import { Link, NavLink } from "react-router-dom";
import { PageShell } from "@/components/ui/page-shell";
import { paths } from "@/config/paths";
import { t } from "@/i18n";
import "@/i18n/load/common";
import "@/i18n/load/history";
import { useCurrentUser } from "@/hooks/use-current-user";
import styles from "./history.module.css";

/** The shell of the history pages: brand, the history nav and the way back to the panel. */
export function HistoryLayout({ children }: { children: ReactNode }) {
  const { isAdmin } = useCurrentUser();
  const navClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? `${styles.navLink} ${styles.navActive}` : styles.navLink;
  return (
    <PageShell
      className={styles.page}
      nav={
        <nav aria-label={t("history.nav.label")} className={styles.nav}>
          <NavLink to={paths.matches} end className={navClass}>
            {t("header.matches")}
          </NavLink>
          <NavLink to={paths.leaderboard} className={navClass}>
            {t("header.leaderboard")}
          </NavLink>
          {isAdmin ? (
            <NavLink to={paths.demos} className={navClass}>
              {t("history.demos.nav")}
            </NavLink>
          ) : null}
          <Link to={paths.home} className={styles.navLink}>
            {t("common.backToPanel")}
          </Link>
        </nav>
      }
    >
      {children}
    </PageShell>
  );
}
