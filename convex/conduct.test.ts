/**
 * The chat log: lines from CS2's HTTP log kept per server with player, side and round, a resent
 * batch adding nothing, hostile text kept as text and never read as another line, staff-only
 * reads by player, text and time, and retention by the admin's days.
 */
import { describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import { serverRow, personas, setupTest, type TestConvex } from "./test.setup";
import { WARMUP } from "./testing/push.helpers";

const SECRET = "ab".repeat(32);
const PAGE = { paginationOpts: { numItems: 50, cursor: null } };
const ALPHA = "76561197960265739"; // [U:1:11]
const BRAVO = "76561197960265750"; // [U:1:22]

export async function conductWorld() {
  const t = setupTest();
  const serverId = await t.run(async (ctx) => {
    const serverId = await ctx.db.insert("servers", serverRow({ key: "server1" }));
    await ctx.db.insert("serverSecrets", { serverId, logSecret: SECRET });
    await ctx.db.insert("serverLogStatus", { serverId, enabled: true, enabledAt: 1 });
    await ctx.db.insert("matchSnapshots", {
      serverId,
      match: { ...WARMUP, roundPhase: "live", round: 7, scoreCT: 4, scoreT: 2 },
      updatedAt: 1,
    });
    return serverId;
  });
  return { t, serverId, ...(await personas(t)) };
}

let tick = 0;
/** A chat line in the HTTP log's form, each call a later stamp. */
export function say(text: string, who = `"Alpha<2><[U:1:11]><CT>"`, teamOnly = false) {
  const at = new Date(Date.UTC(2026, 10, 25, 20, 0, 0, (tick += 10))).toISOString();
  return `11/25/2026 - ${at.slice(11, 23)} - ${who} ${teamOnly ? "say_team" : "say"} "${text}"`;
}

export async function postLog(t: TestConvex, lines: string[]) {
  const res = await t.fetch(`/api/log/server1/${SECRET}`, {
    method: "POST",
    headers: { "Content-Type": "text/plain" },
    body: lines.join("\n") + "\n",
  });
  expect(res.status).toBe(200);
}

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
