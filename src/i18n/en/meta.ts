import type { LanguageMeta } from "../types";

export default { name: "English", locale: "en-GB" } satisfies LanguageMeta;
