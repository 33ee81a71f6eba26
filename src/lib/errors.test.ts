import { ConvexError } from "convex/values";
import toast from "react-hot-toast";
import { afterEach, describe, expect, it, vi } from "vitest";
import { errorMessage, throwRefusal, toastError } from "./errors";

vi.mock("react-hot-toast", () => ({ default: { error: vi.fn(), success: vi.fn() } }));

describe("toastError", () => {
  afterEach(() => vi.clearAllMocks());

  it("shows the backend's Ukrainian message", () => {
    toastError(
      new ConvexError({
        code: "FORBIDDEN",
        message: "Доступ обмежено. Ця дія вимагає авторизації адміністратора.",
      }),
    );
    expect(toast.error).toHaveBeenCalledWith(
      "Доступ обмежено. Ця дія вимагає авторизації адміністратора.",
      { id: "Доступ обмежено. Ця дія вимагає авторизації адміністратора." },
    );
  });

  it("falls back for other errors", () => {
    toastError(new Error("boom"), "Не вдалося вийти.");
    expect(toast.error).toHaveBeenCalledWith("Не вдалося вийти.", { id: "Не вдалося вийти." });
    expect(errorMessage(new Error("boom"))).toBe("Щось пішло не так. Спробуйте ще раз.");
  });
});

describe("throwRefusal", () => {
  it("passes a result through and throws a returned refusal as a ConvexError", () => {
    expect(throwRefusal(null)).toBeNull();
    let thrown: unknown;
    try {
      throwRefusal({ refused: { code: "CONFLICT", message: "Зараз не ваша черга." } });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConvexError);
    expect(errorMessage(thrown)).toBe("Зараз не ваша черга.");
  });
});
