import uk from "../uk/admin";
import { loadTexts } from "../registry";
import type { Texts } from "../types";

await loadTexts(
  "admin",
  uk,
  import.meta.glob<Texts>(["../*/admin.ts", "!../uk/admin.ts"], { import: "default" }),
);
