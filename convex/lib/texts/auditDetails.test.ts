import { describe, expect, test } from "vitest";
import { AUDIT_DETAIL_TEXTS, auditDetail } from "./auditDetails";

describe("audit details", () => {
  test("are written in the panel's language, and every language has each with its parameters", () => {
    expect(auditDetail("cupLauncher", { cup: "Кубок вечора" })).toBe("Кубок «Кубок вечора»");
    expect(auditDetail("demoRetention", { days: 30, gib: "10.0" })).toBe("30 дн., 10.0 ГБ");
    const params = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, uk] of Object.entries(AUDIT_DETAIL_TEXTS.uk)) {
      const en = AUDIT_DETAIL_TEXTS.en[key as keyof typeof AUDIT_DETAIL_TEXTS.en];
      expect(params(en), key).toEqual(params(uk));
    }
  });
});
