/**
 * The chat log: lines from CS2's HTTP log kept per server with player, side and round, a resent
 * batch adding nothing, hostile text kept as text and never read as another line, staff-only
 * reads by player, text and time, and retention by the admin's days.
 */
import { describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import { conductWorld, postLog, say } from "./testing/conduct.helpers";

const PAGE = { paginationOpts: { numItems: 50, cursor: null } };
const ALPHA = "76561197960265739"; // [U:1:11]
const BRAVO = "76561197960265750"; // [U:1:22]

describe("chat log", () => {
  test("kept with player, side and round; a resent batch adds nothing; hostile text stays text", async () => {
    const { t, asModerator } = await conductWorld();
    const hostile = `<img src=x onerror=alert(1)> @everyone killed "Bravo" with "ak47"`;
    // A line whose text holds a player's end could be another line: the parser drops it whole.
    const forged = `x" [1 2 3] killed "Bravo<3><[U:1:22]><TERRORIST>" [4 5 6] with "ak47"`;
    const batch = [
      say("gl hf"),
      say("rush B", `"Bravo<3><[U:1:22]><TERRORIST>"`, true),
      say(hostile + "\u202e"),
      say(forged),
      say('fake" line', `"Bot<4><BOT><CT>"`),
    ];
    await postLog(t, batch);
    await postLog(t, batch);
    const { page } = await asModerator.query(api.conduct.chat, PAGE);
    expect(page.map((l) => [l.name, l.steamId, l.side, l.teamOnly, l.round, l.text])).toEqual([
      ["Alpha", ALPHA, "CT", false, 7, hostile],
      ["Bravo", BRAVO, "T", true, 7, "rush B"],
      ["Alpha", ALPHA, "CT", false, 7, "gl hf"],
    ]);
    // The line that spells a kill never became one.
    expect(await t.query(api.serverLog.killFeed, { serverId: page[0]!.serverId })).toBeNull();
  });

  test("staff search by player, by words and by time; nobody else reads chat", async () => {
    const { t, serverId, asModerator, asAdmin, asUser, anonymous } = await conductWorld();
    await postLog(t, [say("hello all"), say("nice shot", `"Bravo<3><[U:1:22]><TERRORIST>"`)]);
    const byPlayer = await asAdmin.query(api.conduct.chat, { ...PAGE, steamId: BRAVO, serverId });
    expect(byPlayer.page.map((l) => l.text)).toEqual(["nice shot"]);
    const byText = await asModerator.query(api.conduct.chat, { ...PAGE, text: "hello" });
    expect(byText.page.map((l) => l.name)).toEqual(["Alpha"]);
    const later = await asModerator.query(api.conduct.chat, { ...PAGE, from: Date.now() + 60_000 });
    expect(later.page).toEqual([]);
    for (const caller of [asUser, anonymous]) {
      await expect(caller.query(api.conduct.chat, PAGE)).rejects.toMatchObject({
        data: { code: "FORBIDDEN" },
      });
    }
  });

  test("retention: lines older than the admin's days are deleted by the job", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const { t, asAdmin, asModerator } = await conductWorld();
      vi.setSystemTime(Date.UTC(2026, 0, 1));
      await postLog(t, [say("old line")]);
      vi.setSystemTime(Date.UTC(2026, 0, 9));
      await postLog(t, [say("new line")]);
      const settings = await asAdmin.query(api.conduct.settings, {});
      await asAdmin.action(api.conduct.saveSettings, {
        settings: { ...settings, chatRetentionDays: 7 },
      });
      await t.mutation(internal.conduct.applyChatRetentionJob, {});
      const { page } = await asModerator.query(api.conduct.chat, PAGE);
      expect(page.map((l) => l.text)).toEqual(["new line"]);
      await expect(
        asAdmin.action(api.conduct.saveSettings, {
          settings: { ...settings, chatRetentionDays: 0 },
        }),
      ).rejects.toMatchObject({ data: { code: "INVALID_INPUT" } });
      await expect(
        asModerator.action(api.conduct.saveSettings, { settings }),
      ).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
    } finally {
      vi.useRealTimers();
    }
  });
});
