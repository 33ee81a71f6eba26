import uk from "../uk/bans";
import { loadTexts } from "../registry";
import type { Texts } from "../types";

await loadTexts(
  "bans",
  uk,
  import.meta.glob<Texts>(["../*/bans.ts", "!../uk/bans.ts"], { import: "default" }),
);
