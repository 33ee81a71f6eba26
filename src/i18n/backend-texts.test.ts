import { describe, expect, it } from "vitest";
import { fail } from "../../convex/lib/errors";
import { BACKEND_TEXTS, REFUSAL_TEXTS } from "../../convex/lib/messages";
import { REPORT_MESSAGES } from "../../convex/model/conduct/reportQueue";
import { cleanConductSettings } from "../../convex/model/conduct/settings";
import { DEFAULT_CONDUCT_SETTINGS } from "../../convex/lib/conductFields";
import { pickRandomPlayers } from "../../convex/model/moderation/randomPick";
import { cleanSettings } from "../../convex/model/moderation/settings";
import { DEFAULT_MODERATION_SETTINGS } from "../../convex/lib/moderationDefaults";
import { REPORT_REPLY } from "../../convex/lib/conductFields";
import { auditDetails } from "../../convex/model/audit/details";
import ukAudit from "./uk/audit";
import { GAME_DEFAULT_TEXTS } from "../../convex/lib/texts/gameDefaults";
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

  it("settings and the random pick refuse with their keys and the same Ukrainian", () => {
    const thrown = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return (error as { data: unknown }).data;
      }
    };
    expect(thrown(() => pickRandomPlayers([], 2))).toEqual({
      code: "INVALID_INPUT",
      key: "refusal.moderation.pickTooFew",
      params: { available: 0, needed: 2 },
      message: "Недостатньо гравців для вибору. Доступно: 0, потрібно: 2",
    });
    expect(thrown(() => pickRandomPlayers([], 0.5))).toMatchObject({
      key: "refusal.moderation.pickCount",
      message: "Вкажіть ціле число від 1.",
    });
    expect(
      thrown(() => cleanSettings({ ...DEFAULT_MODERATION_SETTINGS, banReasons: [" "] })),
    ).toEqual({
      code: "INVALID_INPUT",
      key: "refusal.moderation.reasonsCount",
      params: { max: 20 },
      message: "Від 1 до 20 причин для кожної дії.",
    });
    expect(
      thrown(() => cleanConductSettings({ ...DEFAULT_CONDUCT_SETTINGS, warnThreshold: 21 })),
    ).toMatchObject({
      key: "refusal.conduct.warnThreshold",
      message: "Кількість попереджень: ціле число від 1 до 20.",
    });
  });

  it("game-server defaults come from their table, the Ukrainian as before", () => {
    expect(DEFAULT_MODERATION_SETTINGS.banReasons).toEqual([
      "Чити",
      "Токсична поведінка",
      "Образи в голосовому чаті",
      "Гриферство",
      "Інше",
    ]);
    expect(DEFAULT_MODERATION_SETTINGS.kickReasons).toEqual([
      "Токсична поведінка",
      "Образи в голосовому чаті",
      "Гриферство",
      "АФК",
      "Інше",
    ]);
    expect(REPORT_REPLY).toBe(
      "Скаргу прийнято, адміністрацію повідомлено. Report received, admins notified.",
    );
    for (const text of Object.values(GAME_DEFAULT_TEXTS.en)) {
      expect(text).not.toMatch(/\p{Script=Cyrillic}/u);
    }
  });

  it("audit details keep the Ukrainian beside their key, and the panel's table is the backend's", () => {
    expect(
      auditDetails("audit.details.warnApplied", {
        player: "Вова",
        reason: "spam",
        count: 3,
        threshold: 3,
        sanction: "ban:60",
      }),
    ).toEqual({
      key: "audit.details.warnApplied",
      params: { player: "Вова", reason: "spam", count: 3, threshold: 3, sanction: "ban:60" },
      message: "Вова: spam (3/3); бан 1 год. застосовано",
    });
    expect(auditDetails("audit.details.callAdmin")).toEqual({
      key: "audit.details.callAdmin",
      message: "виклик адміністратора",
    });
    expect(ukAudit["audit.details.moderationSettingsPublic"]).toBe(
      "макс. {max} хв; публічний список: так",
    );
  });
});
