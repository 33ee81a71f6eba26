import { afterEach, describe, expect, it } from "vitest";
import { setLanguage } from "@/i18n";
import type { ActionName } from "@/lib/catalog";
import { SERVER_ACTIONS } from "../../convex/lib/actionRegistry";
import { actionDoneText, actionText } from "./action-text";

describe("server action texts", () => {
  afterEach(() => setLanguage("uk"));

  it("labels every action in Ukrainian as its declaration does (the backend's failures name it so)", () => {
    for (const [name, { label }] of Object.entries(SERVER_ACTIONS)) {
      expect(actionText(name as ActionName), name).toBe(label);
    }
  });

  it("names no action by a raw console name", () => {
    for (const name of Object.keys(SERVER_ACTIONS)) {
      expect(actionText(name as ActionName), name).not.toMatch(/^[a-z_]+$|^Cvar$|^Bhop$/);
    }
  });

  it("says which way a switch went and which cvar was set", () => {
    expect(actionDoneText("isPaused", { enabled: true })).toBe("Пауза матчу");
    expect(actionDoneText("isPaused", { enabled: false })).toBe("Зняття паузи");
    expect(actionDoneText("cheats", { enabled: true })).toBe("Увімкнення чітів (sv_cheats)");
    expect(actionDoneText("cvar", { cvar: "mp_roundtime", value: "2" })).toBe(
      "Зміна змінної mp_roundtime",
    );
    expect(actionDoneText("kick", { steamId: "76561198000000001" })).toBe("Кік");
  });

  it("speaks English when English is on", async () => {
    await setLanguage("en");
    expect(actionDoneText("isPaused", { enabled: false })).toBe("Match unpause");
    expect(actionText("ban")).toBe("Ban");
  });
});
