import { ConvexError } from "convex/values";

/** The small set of expected-failure codes the client knows how to show. */
export type ErrorCode =
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "INVALID_INPUT"
  | "CONFLICT"
  | "RATE_LIMITED"
  | "GAME_SERVER";

export type ErrorData = {
  code: ErrorCode;
  /** Ukrainian, ready to show to the user. */
  message: string;
};

export function fail(code: ErrorCode, message: string): never {
  throw new ConvexError<ErrorData>({ code, message });
}

export const MESSAGES = {
  accessDenied: "Доступ обмежено. Ця дія вимагає авторизації адміністратора.",
  signInRequired: "Увійдіть, щоб виконати цю дію.",
  noServer: "Сервер не вибрано.",
} as const;
