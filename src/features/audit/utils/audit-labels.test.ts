import { describe, expect, test } from "vitest";
import { setLanguage } from "@/i18n";
import { ACTION_NAMES, PANEL_EVENTS } from "@/lib/catalog";
import { auditActionLabel, storedDetailsText } from "./audit-labels";

describe("audit labels", () => {
  test("every name the backend can write has a Ukrainian label, never the raw name", () => {
    for (const name of [...ACTION_NAMES, ...PANEL_EVENTS]) {
      const label = auditActionLabel(name);
      expect(label, name).not.toBe(name);
      expect(label.trim().length, name).toBeGreaterThan(0);
    }
  });

  test("a name the backend no longer writes shows as stored", () => {
    expect(auditActionLabel("tournament_reset")).toBe("tournament_reset");
    expect(auditActionLabel("constructor")).toBe("constructor");
  });

  test("details the backend words itself read in the reader's language; anything else as stored", async () => {
    // Stored in Ukrainian (a row written before keys existed holds the same words).
    const stored = "Спроба виконати дію без прав адміністратора";
    expect(storedDetailsText(stored)).toBe(stored);
    await setLanguage("en");
    try {
      expect(storedDetailsText(stored)).toBe("Attempt to run an action without admin rights");
      expect(storedDetailsText("увімкнено")).toBe("enabled");
      expect(storedDetailsText("de_nuke")).toBe("de_nuke");
      expect(storedDetailsText("constructor")).toBe("constructor");
    } finally {
      await setLanguage("uk");
    }
  });
});
