import uk from "../uk/common";
import { loadTexts } from "../registry";
import type { Texts } from "../types";

await loadTexts(
  "common",
  uk,
  import.meta.glob<Texts>(["../*/common.ts", "!../uk/common.ts"], { import: "default" }),
);
