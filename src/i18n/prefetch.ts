import { DEFAULT_LANGUAGE } from "./languages";
import { currentLanguage } from "./registry";

/** The namespaces the panel's first screen loads (their `load/<name>.ts` are in its first chunk). */
const FIRST_SCREEN = ["common", "auth", "admin", "moderation", "match", "dashboard", "players"];

const files = import.meta.glob(["./*/*.ts", "!./uk/*.ts", "!./load/*.ts", "!./*/meta.ts"]);

// Each namespace's load module waits for its own file before the next one starts: for a language
// other than the default that was one round trip per namespace in a row. Asking for them all at
// once, before those modules run, turns the row into one round trip (the modules then find their
// files already fetched).
const code = currentLanguage();
if (code !== DEFAULT_LANGUAGE) {
  for (const name of FIRST_SCREEN) void files[`./${code}/${name}.ts`]?.();
}
