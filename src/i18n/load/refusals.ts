import uk from "../uk/refusals";
import { loadTexts } from "../registry";
import type { Texts } from "../types";

await loadTexts(
  "refusals",
  uk,
  import.meta.glob<Texts>(["../*/refusals.ts", "!../uk/refusals.ts"], { import: "default" }),
);
