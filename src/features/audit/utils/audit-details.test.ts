import { describe, expect, test } from "vitest";
import { setLanguage } from "@/i18n";
import "@/i18n/load/audit";
import { auditDetailsText } from "./audit-details";
import { auditActionLabel } from "./audit-labels";

describe("audit details", () => {
  test("a keyed entry reads as the backend's Ukrainian, and in English when switched", async () => {
    // As the backend stores them (its side: src/i18n/backend-texts.test.ts).
    const warned = {
      details: "Вова: spam (3/3); бан 1 год. застосовано",
      detailsKey: "audit.details.warnApplied",
      detailsParams: { player: "Вова", reason: "spam", count: 3, threshold: 3, sanction: "ban:60" },
    };
    expect(auditDetailsText(warned)).toBe(warned.details);
    const burst = {
      details: "Спроб: 12. Дії: kick, moderation_settings. Джерела: guest-1",
      detailsKey: "audit.details.refusalBurst",
      detailsParams: { count: 12, actions: "kick, moderation_settings", sources: "guest-1" },
    };
    await setLanguage("en");
    try {
      expect(auditDetailsText(warned)).toBe("Вова: spam (3/3); ban 1 h applied");
      expect(auditDetailsText(burst)).toBe(
        `Attempts: 12. Actions: ${auditActionLabel("kick")}, Moderation settings. Sources: guest-1`,
      );
    } finally {
      await setLanguage("uk");
    }
  });

  test("an entry written before keyed details, or with an unknown key, shows as stored", () => {
    expect(auditDetailsText({ details: "чат 30 дн." })).toBe("чат 30 дн.");
    expect(auditDetailsText({ details: "новіше", detailsKey: "audit.details.newer" })).toBe(
      "новіше",
    );
    expect(auditDetailsText({ details: "x", detailsKey: "audit.title" })).toBe("x");
    expect(auditDetailsText({})).toBeUndefined();
  });
});
