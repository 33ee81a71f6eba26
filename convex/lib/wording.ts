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

/**
 * Gives an error whose message is a table's text that text's key and parameters, for whoever
 * words it later (an error class that takes only a message keeps them this way).
 */
export function withWording<E extends Error>(error: E, worded: Worded): E {
  return Object.assign(error, { worded });
}

/**
 * The key and parameters a message came from: attached with `withWording`, else the key of a
 * text without parameters that a loaded table declares; undefined for any other message (a game
 * server's own words).
 */
export function wordingOf(error: Error | string): Worded | undefined {
  if (typeof error !== "string" && "worded" in error) {
    const worded = (error as { worded?: unknown }).worded;
    if (isWorded(worded) && worded.message === error.message) return worded;
  }
  const message = typeof error === "string" ? error : error.message;
  const key = keyOfMessage(message);
  return key ? { key, message } : undefined;
}

function isWorded(value: unknown): value is Worded {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Worded).key === "string" &&
    typeof (value as Worded).message === "string"
  );
}
