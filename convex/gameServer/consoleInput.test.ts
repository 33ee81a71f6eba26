import { describe, expect, it } from "vitest";
import enRefusals from "../../src/i18n/en/refusals";
import {
  InvalidActionError,
  invalid,
  validateBackupFile,
  validateChat,
  validateFeedUrl,
  validateFreeCommand,
} from "./consoleInput";
import { CONSOLE_TEXTS } from "../lib/texts/console";

function refusalOf(run: () => unknown): InvalidActionError {
  try {
    run();
  } catch (error) {
    if (error instanceof InvalidActionError) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe("console input refusals", () => {
  it("carry their key and parameters beside the same Ukrainian text", () => {
    const blocked = refusalOf(() => validateFreeCommand("quit"));
    expect(blocked.message).toBe('Команда "quit" заборонена з міркувань безпеки.');
    expect(blocked.worded).toEqual({
      key: "refusal.console.commandBlocked",
      params: { name: "quit" },
      message: blocked.message,
    });
    const long = refusalOf(() => validateChat("x".repeat(1000)));
    expect(long.worded?.key).toBe("refusal.console.chatTooLong");
    expect(long.worded?.params).toEqual({ max: expect.any(Number) });
    expect(refusalOf(() => validateBackupFile("../x")).worded?.key).toBe("backend.backupPick");
  });

  it("name the feed whose URL is refused, in each language", () => {
    const unset = refusalOf(() => validateFeedUrl("", "ServerLog"));
    expect(unset.message).toBe("Невідома адреса для журналу сервера: не задано CONVEX_SITE_URL.");
    expect(unset.worded?.key).toBe("refusal.console.urlUnsetServerLog");
    expect(refusalOf(() => validateFeedUrl("ftp://x", "MatchConfig")).worded?.key).toBe(
      "refusal.console.urlSchemeMatchConfig",
    );
    for (const key of Object.keys(CONSOLE_TEXTS)) {
      expect(enRefusals[key as keyof typeof enRefusals], key).toBeTruthy();
    }
  });

  it("a plain text keeps its key when a loaded table declares it, else it has none", () => {
    expect(refusalOf(() => invalid(CONSOLE_TEXTS["refusal.console.steamId"])).worded).toEqual({
      key: "refusal.console.steamId",
      message: "Некоректний SteamID64.",
    });
    expect(refusalOf(() => invalid("free text")).worded).toBeUndefined();
  });
});
