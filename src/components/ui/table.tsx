import { useId, useRef, type HTMLAttributes, type ReactNode } from "react";
import { useScrollEdges } from "@/hooks/use-scroll-edges";
import styles from "./table.module.css";

/**
 * A data table that scrolls sideways when it is wider than its box (a phone). While it does, a
 * fade at the right edge says there is more, the key column ({@link Column.sticky}) stays in view
 * with a shadow once something is scrolled under it, and the box is a focusable region named by
 * the caption, so it scrolls from the keyboard too. Cells with `data-numeric` align right; rows
 * with `data-interactive` get hover and focus styles.
 */
export function Table({ caption, children }: { caption?: string; children: ReactNode }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(scrollRef);
  const captionId = useId();
  const region = edges.overflow
    ? {
        tabIndex: 0,
        role: caption ? "region" : undefined,
        "aria-labelledby": caption ? captionId : undefined,
      }
    : {};
  return (
    <div
      className={styles.frame}
      data-overflow={edges.overflow || undefined}
      data-more-before={edges.before || undefined}
      data-more-after={edges.after || undefined}
    >
      <div ref={scrollRef} className={styles.scroll} {...region}>
        <table className={styles.table}>
          {caption ? <caption id={captionId}>{caption}</caption> : null}
          {children}
        </table>
      </div>
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
  /**
   * The key column that stays in view while a too-wide table scrolls sideways (one per table;
   * default: the first column).
   */
  sticky?: boolean;
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
  const marked = columns.findIndex((column) => column.sticky);
  const sticky = marked === -1 ? 0 : marked;
  const cellClass = (c: number, className?: string) =>
    [c === sticky ? styles.sticky : undefined, className].filter(Boolean).join(" ") || undefined;
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          {columns.map((column, c) => (
            <th
              key={c}
              scope="col"
              className={cellClass(c)}
              data-numeric={column.numeric || undefined}
            >
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
              <td
                key={c}
                className={cellClass(c, column.className)}
                data-numeric={column.numeric || undefined}
              >
                {column.cell(row, r)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
