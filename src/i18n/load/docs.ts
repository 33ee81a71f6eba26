import uk from "../uk/docs";
import { loadTexts } from "../registry";
import type { Texts } from "../types";

await loadTexts(
  "docs",
  uk,
  import.meta.glob<Texts>(["../*/docs.ts", "!../uk/docs.ts"], { import: "default" }),
);
