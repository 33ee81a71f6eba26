import uk from "../uk/match";
import { loadTexts } from "../registry";
import type { Texts } from "../types";

await loadTexts(
  "match",
  uk,
  import.meta.glob<Texts>(["../*/match.ts", "!../uk/match.ts"], { import: "default" }),
);
