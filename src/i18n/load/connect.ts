import uk from "../uk/connect";
import { loadTexts } from "../registry";
import type { Texts } from "../types";

await loadTexts(
  "connect",
  uk,
  import.meta.glob<Texts>(["../*/connect.ts", "!../uk/connect.ts"], { import: "default" }),
);
