import { describe, expect, it } from "vitest";
import { setLanguage } from "@/i18n";
import { reportSanction } from "./report-sanction";

describe("a report's sanction", () => {
  it("is worded from its code in the visitor's language; an older report as stored", async () => {
    expect(reportSanction({ sanction: "бан 1 год.", sanctionCode: "ban:60" })).toBe("бан 1 год.");
    expect(reportSanction({ sanction: "кік", sanctionCode: "kick" })).toBe("кік");
    expect(reportSanction({ sanction: "бан назавжди", sanctionCode: "ban:0" })).toBe(
      "бан назавжди",
    );
    await setLanguage("en");
    try {
      expect(reportSanction({ sanction: "бан 1 год.", sanctionCode: "ban:60" })).toBe("ban 1 h");
      expect(reportSanction({ sanction: "мут 2 дн.", sanctionCode: "mute:2880" })).toBe("mute 2 d");
      // Decided before the code was kept: the words stored then.
      expect(reportSanction({ sanction: "бан 1 год." })).toBe("бан 1 год.");
    } finally {
      await setLanguage("uk");
    }
  });
});
