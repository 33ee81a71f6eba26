/**
 * Reports: from the game (`!report`, `!calladmin` in chat, read from CS2's log) and the web
 * (a Steam-linked user), each with its context; duplicates folded; reporters rate-limited; the
 * staff queue's claim, resolve and reject within moderators' limits; the reporter's outcome.
 */
import { describe, expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { conductWorld, postLog, say } from "./testing/conduct.helpers";
import { formatMessage } from "./model/notifications/format";
import { readChatCommand, pickTarget } from "./model/conduct/reports";
import type { TestConvex } from "./test.setup";

const PAGE = { paginationOpts: { numItems: 20, cursor: null } };
const ALPHA = "76561197960265739"; // [U:1:11]
const BRAVO = "76561197960265750"; // [U:1:22]
const CHARLIE = "76561197960265761"; // [U:1:33]
const DELTA = "76561197960265772"; // [U:1:44]
const ALPHA_P = `"Alpha<2><[U:1:11]><CT>"`;
const CHARLIE_P = `"Charlie<5><[U:1:33]><CT>"`;

async function withPlayers(t: TestConvex, serverId: Id<"servers">) {
  await t.run(async (ctx) => {
    const snapshot = (await ctx.db.query("matchSnapshots").first())!;
    await ctx.db.patch("matchSnapshots", snapshot._id, {
      board: [
        {
          steamId: BRAVO,
          name: "Bravo <b>",
          side: "T",
          bot: false,
          kills: 19,
          deaths: 3,
          assists: 2,
          adr: 131,
          mvps: 4,
        },
        {
          steamId: ALPHA,
          name: "Alpha",
          side: "CT",
          bot: false,
          kills: 5,
          deaths: 9,
          assists: 1,
          adr: 60,
          mvps: 0,
        },
        {
          steamId: CHARLIE,
          name: "Charlie",
          side: "CT",
          bot: false,
          kills: 4,
          deaths: 8,
          assists: 0,
          adr: 55,
          mvps: 0,
        },
        {
          steamId: DELTA,
          name: "Delta",
          side: "CT",
          bot: false,
          kills: 1,
          deaths: 8,
          assists: 0,
          adr: 20,
          mvps: 0,
        },
      ],
    });
    void serverId;
  });
}

describe("chat commands", () => {
  test("read as data: the command, then whom the words name among the players shown", () => {
    expect(readChatCommand("!report bravo <b> wallhack")).toEqual({
      kind: "report",
      words: ["bravo", "<b>", "wallhack"],
    });
    expect(readChatCommand("/calladmin griefing at B")).toEqual({
      kind: "calladmin",
      reason: "griefing at B",
    });
    expect(readChatCommand("please !report x")).toBeNull();
    const players = [
      { steamId: BRAVO, name: "Bravo <b>" },
      { steamId: ALPHA, name: "Alpha" },
      { steamId: CHARLIE, name: "Alphabet" },
    ];
    expect(pickTarget(["bravo", "<b>", "wh"], players, ALPHA)).toEqual({
      player: players[0],
      reason: "wh",
    });
    expect(pickTarget(["alpha", "aim"], players, BRAVO)?.player.steamId).toBe(ALPHA);
    // "alp" is in two names: nobody is picked; nobody reports himself.
    expect(pickTarget(["alp", "aim"], players, BRAVO)).toBeNull();
    expect(pickTarget(["bravo", "<b>"], players, BRAVO)).toBeNull();
  });
});

describe("reports from the game", () => {
  test("`!report` files one report with its context; others fold into it; `!calladmin` calls", async () => {
    const { t, serverId, asModerator } = await conductWorld();
    await withPlayers(t, serverId);
    await postLog(t, [
      say("he is spinning"),
      say("!report bravo <b> wallhack through smoke"),
      say("!report Bravo <b> aimbot", CHARLIE_P),
      say("!report bravo <b> again"),
      say("!calladmin teamkiller", CHARLIE_P),
    ]);
    const open = await asModerator.query(api.conduct.reports, { status: "open", ...PAGE });
    expect(open.page).toHaveLength(2);
    const report = open.page.find((r) => r.kind === "report")!;
    expect(report).toMatchObject({
      source: "game",
      reporterSteamId: ALPHA,
      targetSteamId: BRAVO,
      targetName: "Bravo <b>",
      reason: "wallhack through smoke",
      map: "de_nuke",
      round: 7,
      scoreCT: 4,
      scoreT: 2,
      stats: { kills: 19, deaths: 3, assists: 2, adr: 131 },
      folded: 1,
      reporters: [ALPHA, CHARLIE],
      serverName: "Server #1",
    });
    expect(report.chat.map((l) => l.text)).toEqual([
      "he is spinning",
      "!report bravo <b> wallhack through smoke",
    ]);
    const call = open.page.find((r) => r.kind === "calladmin")!;
    expect(call).toMatchObject({ reporterSteamId: CHARLIE, reason: "teamkiller" });
    expect(call.targetSteamId).toBeUndefined();
  });

  test("a reporter folded into someone else's report reads it as their own, with their reason", async () => {
    const { t, serverId, asModerator, asUser } = await conductWorld();
    await withPlayers(t, serverId);
    await linkSteam(t, "Petro", CHARLIE);
    await postLog(t, [
      say("!report bravo <b> wallhack through smoke"),
      say("!report Bravo <b> aimbot", CHARLIE_P),
    ]);
    const mine = await asUser.query(api.conduct.myReports, {});
    expect(mine).toEqual([
      expect.objectContaining({ targetSteamId: BRAVO, reason: "aimbot", status: "open" }),
    ]);
    const [report] = (await asModerator.query(api.conduct.reports, { status: "open", ...PAGE }))
      .page;
    await asModerator.action(api.conduct.rejectReport, {
      reportId: report!._id,
      decision: "Не підтвердилось",
    });
    expect(await asUser.query(api.conduct.myReports, {})).toEqual([
      expect.objectContaining({ status: "rejected", decision: "Не підтвердилось" }),
    ]);
  });

  test("a reporter is limited to 3 reports in 10 minutes; the rest file nothing", async () => {
    const { t, serverId, asModerator } = await conductWorld();
    await withPlayers(t, serverId);
    await postLog(t, [
      say("!report bravo x"),
      say("!report charlie x"),
      say("!calladmin x"),
      say("!calladmin y", `"Delta<6><[U:1:44]><CT>"`),
    ]);
    await postLog(t, [say("!report bravo y", CHARLIE_P)]);
    await postLog(t, [say("!report charlie z", `"Bravo<3><[U:1:22]><TERRORIST>"`)]);
    await postLog(t, [say("!report alpha w", CHARLIE_P)]);
    // Alpha filed 3; a 4th (of a player nobody reported) files nothing.
    await postLog(t, [say("!report delta one more", ALPHA_P)]);
    const open = await asModerator.query(api.conduct.reports, { status: "open", ...PAGE });
    const byTarget = Object.fromEntries(open.page.map((r) => [r.targetSteamId ?? "call", r]));
    expect(byTarget[BRAVO]!.reporters).toEqual([ALPHA, CHARLIE]);
    expect(byTarget[CHARLIE]!.reporters).toEqual([ALPHA, BRAVO]);
    expect(byTarget.call!.reporters).toEqual([ALPHA, DELTA]);
    expect(byTarget[DELTA]).toBeUndefined();
    expect(byTarget[ALPHA]!.reporters).toEqual([CHARLIE]);
    expect(open.page).toHaveLength(4);
  });
});

describe("the in-game answer", () => {
  const replies = (t: TestConvex) =>
    t.run(async (ctx) =>
      (await ctx.db.system.query("_scheduled_functions").collect()).filter((j) =>
        j.name.includes("replyToReport"),
      ),
    );

  test("a batch that files reports schedules one answer; one that files nothing, none", async () => {
    const { t, serverId } = await conductWorld();
    await withPlayers(t, serverId);
    await postLog(t, [say("gg"), say("!report nobody-here x"), say("!report")]);
    expect(await replies(t)).toHaveLength(0);
    await postLog(t, [say("!report bravo wh"), say("!calladmin", CHARLIE_P)]);
    const jobs = await replies(t);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.args[0]).toEqual({ serverId });
    // Alpha's 4th report in 10 minutes is limited: no answer for it.
    await postLog(t, [say("!report charlie x"), say("!report delta x")]);
    await postLog(t, [say("!report delta again")]);
    expect(await replies(t)).toHaveLength(2);
  });

  test("a disabled server is not asked", async () => {
    const { t, serverId } = await conductWorld();
    await t.run((ctx) => ctx.db.patch("servers", serverId, { disabled: true }));
    expect(await t.action(internal.conduct.replyToReport, { serverId })).toBe("skipped");
  });
});

async function linkSteam(t: TestConvex, username: string, steamId: string) {
  await t.run(async (ctx) => {
    const user = (await ctx.db.query("users").collect()).find((u) => u.username === username)!;
    await ctx.db.patch("users", user._id, { steamId, steamName: `${username} (Steam)` });
  });
}

describe("reports from the web and the queue", () => {
  test("a Steam-linked user reports from a match page with the match's context", async () => {
    const { t, serverId, asUser, anonymous } = await conductWorld();
    await expect(
      asUser.mutation(api.conduct.reportPlayer, { steamId: BRAVO, reason: "wallhack" }),
    ).rejects.toMatchObject({ data: { code: "CONFLICT" } });
    await expect(
      anonymous.mutation(api.conduct.reportPlayer, { steamId: BRAVO, reason: "wallhack" }),
    ).rejects.toMatchObject({ data: { code: "UNAUTHENTICATED" } });
    await linkSteam(t, "Petro", ALPHA);
    await expect(
      asUser.mutation(api.conduct.reportPlayer, { steamId: ALPHA, reason: "me" }),
    ).rejects.toMatchObject({ data: { code: "INVALID_INPUT" } });
    await expect(
      asUser.mutation(api.conduct.reportPlayer, { steamId: BRAVO, reason: "  \u0000 " }),
    ).rejects.toMatchObject({ data: { code: "INVALID_INPUT" } });
    const now = Date.now();
    const matchId = await t.run(async (ctx) => {
      await ctx.db.insert("chatLines", {
        serverId,
        key: "k1",
        at: now - 30_000,
        steamId: BRAVO,
        name: "Bravo",
        teamOnly: false,
        text: "ez noobs",
      });
      return await ctx.db.insert("matches", {
        serverId,
        serverKey: "server1",
        serverName: "Server #1",
        map: "de_mirage",
        startedAt: now - 60_000,
        endedAt: now,
        scoreCT: 13,
        scoreT: 4,
        winner: "CT",
        rounds: 17,
        source: "log",
        players: [
          {
            steamId: BRAVO,
            name: "Bravo",
            side: "T",
            kills: 30,
            deaths: 2,
            assists: 1,
            headshots: 25,
            damage: 3400,
            mvps: 9,
            rounds: 17,
          },
        ],
        dedupeKey: "m1",
        counted: true,
        voided: false,
      });
    });
    const answer = await asUser.mutation(api.conduct.reportPlayer, {
      steamId: BRAVO,
      reason: "wallhack",
      matchId,
    });
    expect(answer.folded).toBe(false);
    const again = await asUser.mutation(api.conduct.reportPlayer, {
      steamId: BRAVO,
      reason: "still",
      matchId,
    });
    expect(again.folded).toBe(true);
    await asUser.mutation(api.conduct.reportPlayer, { steamId: CHARLIE, reason: "afk" });
    await expect(
      asUser.mutation(api.conduct.reportPlayer, { steamId: CHARLIE, reason: "afk again" }),
    ).rejects.toMatchObject({ data: { code: "RATE_LIMITED" } });
    const mine = await asUser.query(api.conduct.myReports, {});
    expect(mine.map((r) => [r.targetSteamId, r.status])).toEqual([
      [CHARLIE, "open"],
      [BRAVO, "open"],
    ]);
    const staff = await t.run(async (ctx) => await ctx.db.query("reports").collect());
    expect(staff.find((r) => r.targetSteamId === BRAVO)).toMatchObject({
      source: "web",
      map: "de_mirage",
      scoreCT: 13,
      scoreT: 4,
      stats: { kills: 30, deaths: 2, assists: 1, headshots: 25, adr: 200 },
      matchId,
      chat: [{ text: "ez noobs", steamId: BRAVO }],
    });
    const audit = await t.run(async (ctx) => await ctx.db.query("auditLog").collect());
    expect(audit.filter((a) => a.action === "report_web")).toHaveLength(3);
  });

  test("claim, resolve with the sanction it led to, reject; a claimed report is its claimer's or an admin's", async () => {
    const { t, serverId, asModerator, asAdmin, asUser, anonymous } = await conductWorld();
    await withPlayers(t, serverId);
    await linkSteam(t, "Petro", ALPHA);
    await postLog(t, [
      say("!report bravo wallhack"),
      say("!report charlie afk", `"Bravo<3><[U:1:22]><TERRORIST>"`),
    ]);
    for (const caller of [asUser, anonymous]) {
      await expect(
        caller.query(api.conduct.reports, { status: "open", ...PAGE }),
      ).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
    }
    const open = await asModerator.query(api.conduct.reports, { status: "open", ...PAGE });
    const bravo = open.page.find((r) => r.targetSteamId === BRAVO)!;
    const charlie = open.page.find((r) => r.targetSteamId === CHARLIE)!;
    const other = await t.run(async (ctx) => {
      await ctx.db.insert("users", {
        tokenIdentifier: "https://test|moderator-2",
        username: "Iryna",
        isAdmin: false,
        isModerator: true,
      });
      const sanction = (steamId: string) =>
        ctx.db.insert("sanctions", {
          steamId,
          kind: "ban",
          durationMinutes: 60,
          at: Date.now(),
          by: "Maksym",
          byRole: "moderator",
          source: "panel",
        });
      return { bravoBan: await sanction(BRAVO), charlieBan: await sanction(CHARLIE) };
    });
    const asOther = t.withIdentity({
      subject: "moderator-2",
      issuer: "https://test",
      name: "Iryna",
    });
    await asModerator.action(api.conduct.claimReport, { reportId: bravo._id });
    await expect(
      asOther.action(api.conduct.claimReport, { reportId: bravo._id }),
    ).rejects.toMatchObject({ data: { code: "CONFLICT" } });
    await expect(
      asOther.action(api.conduct.resolveReport, { reportId: bravo._id, decision: "ok" }),
    ).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
    await expect(
      asModerator.action(api.conduct.resolveReport, {
        reportId: bravo._id,
        decision: "banned",
        sanctionId: other.charlieBan,
      }),
    ).rejects.toMatchObject({ data: { code: "INVALID_INPUT" } });
    await asModerator.action(api.conduct.resolveReport, {
      reportId: bravo._id,
      decision: "Підтверджено демо",
      sanctionId: other.bravoBan,
    });
    await asAdmin.action(api.conduct.rejectReport, {
      reportId: charlie._id,
      decision: "Не підтвердилось",
    });
    await expect(
      asAdmin.action(api.conduct.rejectReport, { reportId: charlie._id, decision: "again" }),
    ).rejects.toMatchObject({ data: { code: "CONFLICT" } });
    const mine = await asUser.query(api.conduct.myReports, {});
    expect(mine).toEqual([
      expect.objectContaining({
        targetSteamId: BRAVO,
        status: "resolved",
        decision: "Підтверджено демо",
        sanction: "бан 1 год.",
        sanctionCode: "ban:60",
      }),
    ]);
    const audit = await t.run(async (ctx) => await ctx.db.query("auditLog").collect());
    expect(
      audit
        .filter((a) => a.action.startsWith("report_"))
        .map((a) => [a.action, a.outcome, a.username]),
    ).toEqual([
      ["report_claim", "success", "Maksym"],
      ["report_claim", "failure", "Iryna"],
      ["report_resolve", "unauthorized", "Iryna"],
      ["report_resolve", "failure", "Maksym"],
      ["report_resolve", "success", "Maksym"],
      ["report_reject", "success", "Olena"],
      ["report_reject", "failure", "Olena"],
    ]);
  });

  test("Discord: a report's names and reason never ping and show literally", () => {
    const message = formatMessage(
      {
        kind: "report",
        calladmin: false,
        source: "game",
        serverName: "Server #1",
        reporterName: "@everyone",
        targetSteamId: BRAVO,
        targetName: "<@&123> [link](http://x)",
        reason: "@here *bold*",
        round: 7,
        scoreCT: 4,
        scoreT: 2,
      },
      { at: 0 },
    );
    expect(message.allowed_mentions).toEqual({ parse: [] });
    const text = JSON.stringify(message);
    expect(text).not.toContain("<@&123>");
    expect(text).toContain("\\\\@everyone");
    expect(message.embeds[0]!.title).toBe("Нова скарга");
  });
});
