import uk from "../uk/players";
import { loadTexts } from "../registry";
import type { Texts } from "../types";

await loadTexts(
  "players",
  uk,
  import.meta.glob<Texts>(["../*/players.ts", "!../uk/players.ts"], { import: "default" }),
);
