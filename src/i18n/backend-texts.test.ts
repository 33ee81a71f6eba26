import { describe, expect, it } from "vitest";
import { BACKEND_TEXTS } from "../../convex/lib/messages";
import en from "./en/common";
import uk from "./uk/common";

describe("backend texts", () => {
  it("are in every dictionary, and the backend's Ukrainian is the dictionary's", () => {
    for (const [key, text] of Object.entries(BACKEND_TEXTS)) {
      expect(uk[key as keyof typeof uk], key).toBe(text);
      expect(en[key as keyof typeof en], key).toBeTruthy();
    }
  });
});
