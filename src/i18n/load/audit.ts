import uk from "../uk/audit";
import { loadTexts } from "../registry";
import type { Texts } from "../types";

await loadTexts(
  "audit",
  uk,
  import.meta.glob<Texts>(["../*/audit.ts", "!../uk/audit.ts"], { import: "default" }),
);
