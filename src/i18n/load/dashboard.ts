import uk from "../uk/dashboard";
import { loadTexts } from "../registry";
import type { Texts } from "../types";

await loadTexts(
  "dashboard",
  uk,
  import.meta.glob<Texts>(["../*/dashboard.ts", "!../uk/dashboard.ts"], { import: "default" }),
);
