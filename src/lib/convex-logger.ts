import type { ErrorCode } from "../../convex/lib/errors";

/** The logger shape ConvexReactClient accepts (its `logger` option). */
export interface ConvexLogger {
  logVerbose(...args: unknown[]): void;
  log(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

/** Every code of an expected failure (`ConvexError({ code, message })`, convex/lib/errors.ts). */
const EXPECTED_CODES: readonly ErrorCode[] = [
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "INVALID_INPUT",
  "CONFLICT",
  "RATE_LIMITED",
  "GAME_SERVER",
];
const EXPECTED = new RegExp(`"code"\\s*:\\s*"(${EXPECTED_CODES.join("|")})"`);

/** Whether a line the Convex client logs reports an expected failure the UI already shows. */
export function isExpectedFailure(args: unknown[]): boolean {
  return args.some((arg) => typeof arg === "string" && EXPECTED.test(arg));
}

/**
 * The Convex client logs every failed call with `console.error`. Expected failures (a refusal, a
 * validation message, a game server that is down) are shown to the user once through a toast or a
 * form, so they are logged at debug level here; real bugs still reach the console as errors.
 */
export function createPanelLogger(target: Pick<Console, "log" | "warn" | "error" | "debug">) {
  const logger: ConvexLogger = {
    logVerbose: () => {},
    log: (...args: unknown[]) => target.log(...args),
    warn: (...args: unknown[]) => target.warn(...args),
    error: (...args: unknown[]) =>
      isExpectedFailure(args) ? target.debug(...args) : target.error(...args),
  };
  return logger;
}
