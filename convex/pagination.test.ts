/**
 * Every public paginated list answers a malformed page request (a garbage cursor, a negative or
 * fractional size) with an expected refusal in Ukrainian, never a raw JavaScript error.
 */
import { describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import { PAGINATION_MESSAGES } from "./lib/pagination";
import { DEFAULT_MODERATION_SETTINGS } from "./lib/moderationDefaults";
import { personas, serverRow, setupTest } from "./test.setup";

const STEAM = "76561198000000001";

async function lists() {
  const t = setupTest();
  const who = await personas(t);
  await who.asAdmin.action(api.moderation.saveSettings, {
    settings: { ...DEFAULT_MODERATION_SETTINGS, publicBanList: true },
  });
  const serverId = await t.run((ctx) => ctx.db.insert("servers", serverRow()));
  type Page = { numItems: number; cursor: string | null };
  return [
    ["history:matches", (p: Page) => t.query(api.history.matches, { paginationOpts: p })],
    [
      "history:careerMatchList",
      (p: Page) => t.query(api.history.careerMatchList, { steamId: STEAM, paginationOpts: p }),
    ],
    [
      "tournament:listArchived",
      (p: Page) => t.query(api.tournament.listArchived, { paginationOpts: p }),
    ],
    [
      "moderation:publicBans",
      (p: Page) => t.query(api.moderation.publicBans, { paginationOpts: p }),
    ],
    [
      "moderation:history",
      (p: Page) =>
        who.asModerator.query(api.moderation.history, { steamId: STEAM, paginationOpts: p }),
    ],
    [
      "moderation:serverHistory",
      (p: Page) =>
        who.asModerator.query(api.moderation.serverHistory, { serverId, paginationOpts: p }),
    ],
    [
      "moderation:activeComms",
      (p: Page) =>
        who.asModerator.query(api.moderation.activeComms, { serverId, paginationOpts: p }),
    ],
    ["audit:list", (p: Page) => who.asAdmin.query(api.audit.list, { paginationOpts: p })],
    ["audit:exportCsv", (p: Page) => who.asAdmin.query(api.audit.exportCsv, { paginationOpts: p })],
  ] as const;
}

describe("malformed pagination is refused with a message", () => {
  test("a garbage cursor", async () => {
    for (const [name, read] of await lists()) {
      await expect(read({ numItems: 10, cursor: "garbage" }), name).rejects.toMatchObject({
        data: { code: "INVALID_INPUT", message: PAGINATION_MESSAGES.badCursor },
      });
    }
  });

  test.each([-1, 0, 1.5, Number.NaN])("numItems %s", async (numItems) => {
    for (const [name, read] of await lists()) {
      await expect(read({ numItems, cursor: null }), name).rejects.toMatchObject({
        data: { code: "INVALID_INPUT", message: PAGINATION_MESSAGES.badSize },
      });
    }
  });

  test("a well-formed request still reads its page", async () => {
    for (const [name, read] of await lists()) {
      expect(await read({ numItems: 5, cursor: null }), name).toMatchObject({ isDone: true });
    }
  });
});
