import { ConvexError } from "convex/values";
import { describe, expect, it } from "vitest";
import { setLanguage } from "@/i18n";
import "@/i18n/load/common";
import "@/i18n/load/refusals";
import { actionWarning } from "@/hooks/use-gated-action";
import { errorMessage } from "./errors";

describe("a server action's failure", () => {
  it("is worded with the action by its name, and a keyed reason with its own parameters", async () => {
    // As convex/model/serverControl/step.ts sends it (serverActions.sim.test.ts checks that side).
    const modeFailed = new ConvexError({
      code: "INVALID_INPUT",
      message: "Помилка при зміні режиму: Невідомий режим гри: zombies",
      key: "refusal.actions.modeFailed",
      params: {
        action: "gameMode",
        message: "Невідомий режим гри: zombies",
        reason: "refusal.actions.unknownMode",
        reason_mode: "zombies",
      },
    });
    const serverSaid = new ConvexError({
      code: "GAME_SERVER",
      message: 'Помилка виконання дії "Перезапуск гри" (RCON): API Error 500',
      key: "refusal.actions.failedRcon",
      params: { action: "restartGame", message: "API Error 500" },
    });
    await setLanguage("en");
    try {
      expect(errorMessage(modeFailed)).toBe(
        "Changing the game mode failed: Unknown game mode: zombies",
      );
      expect(errorMessage(serverSaid)).toBe('Action "Game restart" failed (RCON): API Error 500');
    } finally {
      await setLanguage("uk");
    }
    expect(errorMessage(serverSaid)).toBe(
      'Помилка виконання дії "Перезапуск гри" (RCON): API Error 500',
    );
  });

  it("a warning (the server took it but did not do it) is worded too, else shows its Ukrainian", async () => {
    const unknown = {
      action: "command",
      output: 'Unknown command "css_nosuch"',
      warning: "Сервер не знає команди «css_nosuch».",
      warningKey: "refusal.actions.unknownCommand",
      warningParams: { command: "css_nosuch" },
    };
    expect(await actionWarning(unknown)).toBe("Сервер не знає команди «css_nosuch».");
    await setLanguage("en");
    try {
      expect(await actionWarning(unknown)).toBe(
        "The server does not know the command «css_nosuch».",
      );
      // An older backend's result: the text alone.
      expect(
        await actionWarning({ action: "command", output: "", warning: "Сервер відповів: x" }),
      ).toBe("Сервер відповів: x");
      expect(await actionWarning({ action: "command", output: "" })).toBeUndefined();
    } finally {
      await setLanguage("uk");
    }
  });
});
