import type { ReactNode } from "react";
import type { Column } from "@/components/ui/table";
import { t } from "@/i18n";
import "@/i18n/load/bans";
import styles from "@/styles/admin.module.css";

/** The admin tables' last column: the row's buttons, right-aligned, under a screen-reader-only header. */
export function actionsColumn<Row>(buttons: (row: Row, index: number) => ReactNode): Column<Row> {
  return {
    header: t("bans.col.actions"),
    hiddenHeader: true,
    cell: (row, index) => <div className={styles.cellActions}>{buttons(row, index)}</div>,
  };
}
