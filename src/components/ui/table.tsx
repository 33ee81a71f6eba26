import type { HTMLAttributes, ReactNode } from "react";
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

/** One column of a {@link DataTable}. */
export interface Column<Row> {
  /** The header cell's content; with `hiddenHeader` only screen readers get it. */
  header: ReactNode;
  hiddenHeader?: boolean;
  /** Right-aligned header and cells. */
  numeric?: boolean;
  /** A class for the column's body cells. */
  className?: string;
  cell: (row: Row, index: number) => ReactNode;
}

/** Attributes for a body row, `data-*` ones included. */
export type RowProps = HTMLAttributes<HTMLTableRowElement> & {
  [data: `data-${string}`]: string | boolean | undefined;
};

/**
 * A {@link Table} with a header row from `columns` and a body row a row. With `empty`, that is
 * shown in place of the table when there are no rows.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  rowProps,
  empty,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowProps?: (row: Row) => RowProps;
  empty?: ReactNode;
}) {
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          {columns.map((column, c) => (
            <th key={c} scope="col" data-numeric={column.numeric || undefined}>
              {column.hiddenHeader ? (
                <span className="visually-hidden">{column.header}</span>
              ) : (
                column.header
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, r) => (
          <tr key={rowKey(row)} {...rowProps?.(row)}>
            {columns.map((column, c) => (
              <td key={c} className={column.className} data-numeric={column.numeric || undefined}>
                {column.cell(row, r)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
