/** CSV cells for exports read in spreadsheets (names in them are attacker-controlled). */
import { foldLookalikes } from "./lookalikes";

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: quoted, quotes doubled, and a leading formula character defused for spreadsheets,
 * judged as a spreadsheet reads it (a fullwidth "＝", or "=" behind a zero-width character or
 * spaces, starts a formula too).
 */
export function csvCell(value: string | number | undefined): string {
  const text = value === undefined ? "" : String(value);
  const folded = foldLookalikes(text);
  const formula = FORMULA_START.test(folded) || FORMULA_START.test(folded.trimStart());
  const safe = formula ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** One CSV line. */
export function csvLine(cells: (string | number | undefined)[]): string {
  return cells.map(csvCell).join(",");
}
