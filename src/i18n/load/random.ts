import uk from "../uk/random";
import { loadTexts } from "../registry";
import type { Texts } from "../types";

await loadTexts(
  "random",
  uk,
  import.meta.glob<Texts>(["../*/random.ts", "!../uk/random.ts"], { import: "default" }),
);
