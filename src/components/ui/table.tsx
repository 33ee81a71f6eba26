import type { ReactNode } from "react";
import styles from "./table.module.css";

/**
 * A scrollable data table. Cells with `data-numeric` align right; rows with `data-interactive`
 * get hover and focus styles.
 */
export function Table({ caption, children }: { caption?: string; children: ReactNode }) {
  return (
    <div className={styles.scroll}>
      <table className={styles.table}>
        {caption ? <caption>{caption}</caption> : null}
        {children}
      </table>
    </div>
  );
}
