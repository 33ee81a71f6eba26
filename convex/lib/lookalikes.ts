/**
 * Text as a reader (or a spreadsheet, or a plugin parsing digits) sees it: compatibility forms
 * folded (NFKC: a fullwidth "１" is "1", "＝" is "=") and invisible format characters (zero-width
 * spaces and joiners, bidi marks) removed. Checks that guard against a form ("looks like a
 * SteamID", "starts a formula") run on this, so a lookalike cannot slip past them.
 */
export function foldLookalikes(text: string): string {
  return text.normalize("NFKC").replace(/\p{Cf}/gu, "");
}
