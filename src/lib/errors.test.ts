import { ConvexError } from "convex/values";
import toast from "react-hot-toast";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fail } from "../../convex/lib/errors";
import { worded } from "../../convex/lib/messages";
import { RATE_LIMITED_MESSAGE } from "../../convex/lib/rateLimits";
import { CUP_MESSAGES } from "../../convex/model/cup/teams";
import { setLanguage } from "@/i18n";
import "@/i18n/load/common";
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

  it("words a keyed backend text in the visitor's language, else shows the message", async () => {
    // What convex/lib/errors.ts `fail` throws for a text of convex/lib/messages.ts.
    const limited = () => {
      try {
        fail("RATE_LIMITED", RATE_LIMITED_MESSAGE);
      } catch (error) {
        return error;
      }
    };
    const denied = new ConvexError({ code: "FORBIDDEN", ...worded("backend.accessDenied") });
    expect(errorMessage(limited())).toBe("Забагато спроб. Зачекайте кілька секунд.");
    await setLanguage("en");
    try {
      expect(errorMessage(limited())).toBe("Too many attempts. Wait a few seconds.");
      expect(errorMessage(denied)).toBe(
        "Access restricted. This action requires administrator sign-in.",
      );
      // A key this panel does not know (a newer backend): the backend's own message.
      expect(
        errorMessage(new ConvexError({ code: "CONFLICT", message: "Нове", key: "backend.newer" })),
      ).toBe("Нове");
    } finally {
      await setLanguage("uk");
    }
  });

  it("words a module's refusal in English once its texts arrive, with its parameters", async () => {
    const short = () => {
      try {
        fail("CONFLICT", CUP_MESSAGES.rosterShort("Нави", 5));
      } catch (error) {
        return error;
      }
    };
    toastError(short());
    expect(toast.error).toHaveBeenLastCalledWith(
      "У команді «Нави» менше 5 гравців: кубок не можна розпочати.",
      expect.anything(),
    );
    await setLanguage("en");
    try {
      toastError(short());
      await vi.waitFor(() =>
        expect(toast.error).toHaveBeenLastCalledWith(
          "Team «Нави» has fewer than 5 players: the cup cannot start.",
          expect.anything(),
        ),
      );
      expect(toast.error).toHaveBeenCalledTimes(2);
    } finally {
      await setLanguage("uk");
    }
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
