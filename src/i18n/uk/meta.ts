import type { LanguageMeta } from "../types";

export default { name: "Українська", locale: "uk-UA" } satisfies LanguageMeta;
