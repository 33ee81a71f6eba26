import uk from "../uk/moderation";
import { loadTexts } from "../registry";
import type { Texts } from "../types";

await loadTexts(
  "moderation",
  uk,
  import.meta.glob<Texts>(["../*/moderation.ts", "!../uk/moderation.ts"], { import: "default" }),
);
