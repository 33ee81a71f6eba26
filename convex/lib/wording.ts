/**
 * How the backend words a text the panel can word again: every text lives in a table of one domain
 * (`texts/<domain>.ts`, keys `refusal.<domain>.*`), in Ukrainian, with `{parameters}`. An expected
 * failure sends the key and parameters beside the Ukrainian `message`, and the panel shows the
 * key's text from its own dictionaries in the visitor's language; the HTTP API and logs read
 * `message`.
 *
 * A table declared with `defineTexts` is known by its texts too, so `fail(code, TABLE[key])` with
 * a plain string still sends its key. Only the tables a module imports are known to it, which
 * keeps a browser bundle that shares a module with the backend free of the other domains' tables.
 */
export type TextParams = Record<string, string | number>;

/** A backend text with its key: what `fail` sends so the panel can word it. */
export interface Worded {
  readonly key: string;
  readonly params?: TextParams;
  /** The Ukrainian text, parameters filled. */
  readonly message: string;
}

const keyOfText = new Map<string, string>();

/** Declares a table of texts (see above): its texts are recognised by `keyOfMessage`. */
export function defineTexts<T extends Record<string, string>>(table: T): T {
  for (const [key, text] of Object.entries(table)) {
    if (!keyOfText.has(text)) keyOfText.set(text, key);
  }
  return table;
}

/** The key of a text without parameters, when a loaded table declares it. */
export function keyOfMessage(message: string): string | undefined {
  return keyOfText.get(message);
}

/** `text` with each `{name}` replaced by its parameter (an unknown name stays as it is). */
export function fillText(text: string, params: TextParams): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

/** A table's text by key, with its parameters: what `fail` sends. */
export function wordedIn<T extends Record<string, string>>(
  table: T,
  key: keyof T & string,
  params?: TextParams,
): Worded {
  const text = table[key] as string;
  return params ? { key, params, message: fillText(text, params) } : { key, message: text };
}
