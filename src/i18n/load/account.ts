import uk from "../uk/account";
import { loadTexts } from "../registry";
import type { Texts } from "../types";

await loadTexts(
  "account",
  uk,
  import.meta.glob<Texts>(["../*/account.ts", "!../uk/account.ts"], { import: "default" }),
);
