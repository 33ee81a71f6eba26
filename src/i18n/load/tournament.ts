import uk from "../uk/tournament";
import { loadTexts } from "../registry";
import type { Texts } from "../types";

await loadTexts(
  "tournament",
  uk,
  import.meta.glob<Texts>(["../*/tournament.ts", "!../uk/tournament.ts"], { import: "default" }),
);
