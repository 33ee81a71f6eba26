import { describe, expect, it } from "vitest";
import { fail } from "../../convex/lib/errors";
import { BACKEND_TEXTS, REFUSAL_TEXTS } from "../../convex/lib/messages";
import { REPORT_MESSAGES } from "../../convex/model/conduct/reportQueue";
import { SANCTION_MESSAGES } from "../../convex/model/moderation/sanctions";
import { TOURNAMENT_MESSAGES } from "../../convex/model/tournament/state";
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

  it("a declared table's text goes with its key, plain or with parameters", () => {
    const thrown = (run: () => never) => {
      try {
        run();
      } catch (error) {
        return (error as { data: unknown }).data;
      }
    };
    expect(thrown(() => fail("CONFLICT", TOURNAMENT_MESSAGES.notYourTurn))).toEqual({
      code: "CONFLICT",
      key: "refusal.tournament.notYourTurn",
      message: "Зараз хід іншої команди.",
    });
    expect(thrown(() => fail("CONFLICT", TOURNAMENT_MESSAGES.seriesOrder(2)))).toEqual({
      code: "CONFLICT",
      key: "refusal.tournament.seriesOrder",
      params: { n: 2 },
      message: "Спершу запустіть мапу 2 серії.",
    });
    // Moderation and report refusals: the same Ukrainian as before, now with their keys.
    expect(thrown(() => fail("FORBIDDEN", SANCTION_MESSAGES.overModeratorMax(60)))).toEqual({
      code: "FORBIDDEN",
      key: "refusal.moderation.overModeratorMax",
      params: { max: 60 },
      message: "Модератор може забанити щонайбільше на 60 хв.",
    });
    expect(thrown(() => fail("CONFLICT", REPORT_MESSAGES.decided))).toEqual({
      code: "CONFLICT",
      key: "refusal.conduct.reportDecided",
      message: "Скаргу вже вирішено.",
    });
  });
});
