import uk from "../uk/conduct";
import { loadTexts } from "../registry";
import type { Texts } from "../types";

await loadTexts(
  "conduct",
  uk,
  import.meta.glob<Texts>(["../*/conduct.ts", "!../uk/conduct.ts"], { import: "default" }),
);
