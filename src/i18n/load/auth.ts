import uk from "../uk/auth";
import { loadTexts } from "../registry";
import type { Texts } from "../types";

await loadTexts(
  "auth",
  uk,
  import.meta.glob<Texts>(["../*/auth.ts", "!../uk/auth.ts"], { import: "default" }),
);
