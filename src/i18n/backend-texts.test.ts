import { describe, expect, it } from "vitest";
import { BACKEND_TEXTS, REFUSAL_TEXTS } from "../../convex/lib/messages";
import en from "./en/common";
import enRefusals from "./en/refusals";
import uk from "./uk/common";

describe("backend texts", () => {
  it("are in every dictionary, and the backend's Ukrainian is the dictionary's", () => {
    for (const [key, text] of Object.entries(BACKEND_TEXTS)) {
      if (key in REFUSAL_TEXTS) continue;
      expect(uk[key as keyof typeof uk], key).toBe(text);
      expect(en[key as keyof typeof en], key).toBeTruthy();
    }
  });

  it("refusals: the backend's own table is the Ukrainian dictionary, and English has each", () => {
    for (const key of Object.keys(REFUSAL_TEXTS)) {
      expect(key).toMatch(/^refusal\.\w+\.\w+$/);
      expect(enRefusals[key as keyof typeof enRefusals], key).toBeTruthy();
    }
  });
});
