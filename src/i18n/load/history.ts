import uk from "../uk/history";
import { loadTexts } from "../registry";
import type { Texts } from "../types";

await loadTexts(
  "history",
  uk,
  import.meta.glob<Texts>(["../*/history.ts", "!../uk/history.ts"], { import: "default" }),
);
