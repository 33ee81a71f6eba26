import uk from "../uk/cup";
import { loadTexts } from "../registry";
import type { Texts } from "../types";

await loadTexts(
  "cup",
  uk,
  import.meta.glob<Texts>(["../*/cup.ts", "!../uk/cup.ts"], { import: "default" }),
);
