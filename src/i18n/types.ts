/** A namespace's texts in one language: key → text, with `{name}` placeholders. */
export type Texts = Readonly<Record<string, string>>;

/**
 * Another language's file for a namespace: exactly the Ukrainian file's keys (a missing or an
 * extra key is a type error), each with its own text.
 */
export type Translation<Uk extends Texts> = { readonly [K in keyof Uk]: string };

/** What a language folder's `meta.ts` says about the language. */
export interface LanguageMeta {
  /** The language's own name, shown in the switch ("English", "Українська"). */
  readonly name: string;
  /** BCP 47 locale for dates, numbers and name sorting ("en-GB", "uk-UA"). */
  readonly locale: string;
}
