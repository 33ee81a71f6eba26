/**
 * Size bounds on everything a client sends to a public function. Convex validators check types,
 * not sizes, so every builder in `functions.ts` runs `checkArgBounds` on the arguments before its
 * handler: a 900 KB session id or nickname is refused before anything reads or stores it.
 */
import { fail } from "./errors";
import { ownValue } from "./ownKey";
import { wordedIn } from "./wording";
import { REQUEST_TEXTS } from "./texts/request";

/** Any string argument, at any depth (the longest real one, a free console line, is 330). */
export const MAX_ARG_STRING = 1024;
/** Tighter bounds for fields that are stored or used as keys. */
const FIELD_MAX: Record<string, number> = {
  sessionId: 64,
  viewerId: 64,
  nickname: 64,
  reason: 400,
  steamId: 200,
  q: 100,
  slug: 64,
  cursor: 1024,
};
/** Any array argument (the longest real one, a moderation settings list, holds 20). */
export const MAX_ARG_ARRAY = 100;
const MAX_DEPTH = 8;

export const ARG_BOUND_MESSAGES = {
  tooLong: (field: string, max: number) =>
    wordedIn(REQUEST_TEXTS, "refusal.request.tooLong", { field, max }),
  tooMany: (field: string) =>
    wordedIn(REQUEST_TEXTS, "refusal.request.tooMany", { field, max: MAX_ARG_ARRAY }),
  tooDeep: REQUEST_TEXTS["refusal.request.tooDeep"],
} as const;

function check(value: unknown, field: string, depth: number): void {
  if (typeof value === "string") {
    const max = ownValue(FIELD_MAX, field) ?? MAX_ARG_STRING;
    if (value.length > max) fail("INVALID_INPUT", ARG_BOUND_MESSAGES.tooLong(field, max));
    return;
  }
  if (typeof value !== "object" || value === null) return;
  if (depth > MAX_DEPTH) fail("INVALID_INPUT", ARG_BOUND_MESSAGES.tooDeep);
  if (Array.isArray(value)) {
    if (value.length > MAX_ARG_ARRAY) fail("INVALID_INPUT", ARG_BOUND_MESSAGES.tooMany(field));
    for (const item of value) check(item, field, depth + 1);
    return;
  }
  if (value instanceof ArrayBuffer) return;
  for (const [key, item] of Object.entries(value)) check(item, key, depth + 1);
}

/** Refuses (INVALID_INPUT, in Ukrainian) arguments with an over-long string or array anywhere. */
export function checkArgBounds(args: Record<string, unknown>): void {
  check(args, "args", 0);
}
