import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { paths } from "@/config/paths";
import { t } from "@/i18n";
import "@/i18n/load/common";
import styles from "./page-shell.module.css";

/**
 * The frame of a page outside the panel (docs, match history): the brand linking home, the page's
 * `nav` beside it, then the content. `className` sizes the page (`--page-width`, `--page-gap`).
 */
export function PageShell({
  nav,
  className,
  children,
}: {
  nav: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <main id="main" className={`${styles.page} ${className ?? ""}`}>
      <div className={styles.top}>
        <Link to={paths.home} className={styles.brand}>
          <img src="/favicon.svg" alt="" />
          {t("app.title")}
        </Link>
        {nav}
      </div>
      {children}
    </main>
  );
}
