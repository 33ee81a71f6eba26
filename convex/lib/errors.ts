import { ConvexError, v, type Infer } from "convex/values";
import { CORE_TEXTS } from "./texts/core";
import { keyOfMessage, type Worded } from "./wording";

/** The small set of expected-failure codes the client knows how to show. */
export const vErrorCode = v.union(
  v.literal("UNAUTHENTICATED"),
  v.literal("FORBIDDEN"),
  v.literal("NOT_FOUND"),
  v.literal("INVALID_INPUT"),
  v.literal("CONFLICT"),
  v.literal("RATE_LIMITED"),
  v.literal("GAME_SERVER"),
);
export type ErrorCode = Infer<typeof vErrorCode>;

/**
 * `message` is Ukrainian, ready to show; `key` and `params`, when present, let the panel word it
 * in the visitor's language instead (`lib/wording.ts`).
 */
export const vErrorData = v.object({
  code: vErrorCode,
  message: v.string(),
  key: v.optional(v.string()),
  params: v.optional(v.record(v.string(), v.union(v.string(), v.number()))),
});
export type ErrorData = Infer<typeof vErrorData>;

/** An expected refusal returned as a value instead of thrown (see `refusalAsValue`). */
export const vRefusal = v.object({ refused: vErrorData });
export type Refusal = Infer<typeof vRefusal>;

/** Throws an expected failure; a text of a declared table goes with its key (`lib/wording.ts`). */
export function fail(code: ErrorCode, message: string | Worded): never {
  if (typeof message !== "string") {
    const { key, params, message: text } = message;
    throw new ConvexError<ErrorData>(
      params ? { code, message: text, key, params } : { code, message: text, key },
    );
  }
  const key = keyOfMessage(message);
  throw new ConvexError<ErrorData>(key ? { code, message, key } : { code, message });
}

export const MESSAGES = {
  accessDenied: CORE_TEXTS["backend.accessDenied"],
  signInRequired: CORE_TEXTS["backend.signInRequired"],
  noServer: CORE_TEXTS["backend.noServer"],
  moderatorOnly: CORE_TEXTS["backend.moderatorOnly"],
} as const;

export function isErrorData(data: unknown): data is ErrorData {
  return (
    typeof data === "object" &&
    data !== null &&
    typeof (data as ErrorData).code === "string" &&
    typeof (data as ErrorData).message === "string"
  );
}

/**
 * Runs the part of a mutation that may refuse, returning an expected refusal as `{ refused }`
 * instead of throwing it. A thrown error rolls the whole transaction back, including the rate-limit
 * token the mutation took first; returned, the token stays spent, so refused spam is throttled too.
 * `run` must refuse before it writes anything (a returned refusal commits what was written).
 */
export async function refusalAsValue<T>(run: () => Promise<T>): Promise<T | Refusal> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ConvexError && isErrorData(error.data)) return { refused: error.data };
    throw error;
  }
}
