import { describe, expect, test } from "vitest";
import { WEBHOOK_KINDS } from "../../lib/discord";
import { classifyResponse, nextDelayMs, retryAfterMsOf, MAX_ATTEMPTS } from "./delivery";
import {
  COLORS,
  escapeMarkdown,
  formatMessage,
  playerUrl,
  testMessage,
  webhookKindOf,
  type NotifyEvent,
} from "./format";

describe("escapeMarkdown", () => {
  test.each([
    ["@everyone", "\\@everyone"],
    ["<@&123>", "\\<\\@&123\\>"],
    [
      "**bold** __u__ ~~s~~ `c` ||spoiler||",
      "\\*\\*bold\\*\\* \\_\\_u\\_\\_ \\~\\~s\\~\\~ \\`c\\` \\|\\|spoiler\\|\\|",
    ],
    ["[link](https://x)", "\\[link\\]\\(https\\://x\\)"],
    ["# head\n> quote", "\\# head \\> quote"],
    ["<t:0:R>", "\\<t\\:0\\:R\\>"],
    ["Петро", "Петро"],
  ])("%j", (input, out) => {
    expect(escapeMarkdown(input)).toBe(out);
  });
});

const AT = Date.UTC(2026, 10, 23, 20, 0, 0);
const STEAM = "76561198000000001";
const events: NotifyEvent[] = [
  {
    kind: "ban",
    admin: "Olena",
    steamId: STEAM,
    playerName: "p",
    durationMinutes: 0,
    serverName: "S",
  },
  { kind: "kick", admin: "Olena", steamId: STEAM, serverName: "S" },
  { kind: "unban", admin: "Olena", steamId: STEAM, serverName: "S" },
  {
    kind: "sanctionedJoined",
    serverName: "S",
    steamId: STEAM,
    playerName: "p",
    active: ["ban", "mute"],
    latestKind: "mute",
    latestAt: AT - 3_600_000,
    latestReason: "Образи",
  },
  {
    kind: "matchRecorded",
    serverName: "S",
    map: "de_nuke",
    teamA: "A",
    teamB: "B",
    scoreA: 13,
    scoreB: 11,
  },
  { kind: "tournamentFinished", finalMap: "de_nuke", teamA: ["a", "b"], teamB: ["c", "d"] },
  {
    kind: "tournamentLaunched",
    admin: "Olena",
    mode: "competitive",
    map: "de_nuke",
    serverName: "S",
  },
  { kind: "serverOffline", serverName: "S" },
  { kind: "serverOnline", serverName: "S" },
  { kind: "pushEnabled", admin: "Olena", serverName: "S" },
  { kind: "pushDisabled", admin: "Olena", serverName: "S" },
];

describe("formatMessage", () => {
  test.each(events)("$kind: one embed, its colour, no mentions, relative time", (event) => {
    const message = formatMessage(event, { panelUrl: "https://panel.example/any/path", at: AT });
    expect(message.allowed_mentions).toEqual({ parse: [] });
    expect(message.embeds).toHaveLength(1);
    const embed = message.embeds[0]!;
    expect(embed.color).toBe(COLORS[event.kind]);
    expect(embed.description).toContain(`<t:${AT / 1000}:R>`);
    expect(embed.timestamp).toBe(new Date(AT).toISOString());
    expect(embed.title.length).toBeGreaterThan(0);
    for (const f of embed.fields) expect(f.value.length).toBeGreaterThan(0);
    expect(WEBHOOK_KINDS).toContain(webhookKindOf(event));
  });

  test("moderation links the player's page on the panel's origin", () => {
    const embed = formatMessage(events[0]!, { panelUrl: "https://panel.example/x?y", at: AT })
      .embeds[0]!;
    expect(embed.url).toBe(`https://panel.example/players/${STEAM}`);
    expect(embed.description).toBe(
      `[p](https://panel.example/players/${STEAM}) — назавжди, <t:${AT / 1000}:R>`,
    );
    const noPanel = formatMessage(events[0]!, { at: AT }).embeds[0]!;
    expect(noPanel.url).toBeUndefined();
    expect(noPanel.description.startsWith("p — ")).toBe(true);
  });

  test("a sanctioned player's arrival says what is in force, or the latest sanction and when", () => {
    const joined = events.find((e) => e.kind === "sanctionedJoined")!;
    const embed = formatMessage(joined, { at: AT }).embeds[0]!;
    expect(embed.title).toBe("На сервер зайшов гравець із санкцією");
    expect(embed.description).toBe(`p, <t:${AT / 1000}:R>. Діє: бан, мут.`);
    expect(embed.fields).toContainEqual({ name: "Причина", value: "Образи", inline: false });
    const recent = { ...joined, active: [], latestKind: "kick" } as NotifyEvent;
    expect(formatMessage(recent, { at: AT }).embeds[0]!.description).toBe(
      `p, <t:${AT / 1000}:R>. Остання санкція: кік, <t:${(AT - 3_600_000) / 1000}:R>.`,
    );
  });

  test.each([
    [60, "1 год."],
    [1440 * 7, "7 дн."],
    [45, "45 хв"],
  ])("ban of %i minutes reads %s", (minutes, text) => {
    const event = { ...events[0], durationMinutes: minutes } as NotifyEvent;
    expect(formatMessage(event, { at: AT }).embeds[0]!.description).toContain(text);
  });

  test("hostile names cannot ping, link or format", () => {
    const hostile = "@everyone <@&42> **x** [a](https://evil)\n# big";
    const embed = formatMessage(
      {
        kind: "ban",
        admin: hostile,
        steamId: STEAM,
        playerName: hostile,
        durationMinutes: 5,
        reason: hostile,
        serverName: hostile,
      },
      { panelUrl: "https://panel.example", at: AT },
    ).embeds[0]!;
    const text = [embed.description, ...embed.fields.map((f) => f.value)].join("\n");
    expect(text).not.toMatch(/(^|[^\\])@everyone/);
    expect(text).not.toMatch(/(^|[^\\])<@&/);
    expect(text).not.toMatch(/(^|[^\\])\*\*x/);
    expect(text).not.toContain("](https://evil)");
    expect(embed.fields.every((f) => !f.value.includes("\n"))).toBe(true);
  });

  test("long names are cut, empty names shown as a dash", () => {
    const embed = formatMessage(
      { kind: "kick", admin: "   ", steamId: STEAM, playerName: "x".repeat(500), serverName: "" },
      { at: AT },
    ).embeds[0]!;
    expect(embed.description.length).toBeLessThan(120);
    expect(embed.fields.map((f) => f.value)).toEqual(["—", "—"]);
  });

  test("playerUrl refuses what is not a SteamID64", () => {
    expect(playerUrl("https://p.example", "1; drop")).toBeNull();
    expect(playerUrl("javascript:alert(1)", STEAM)).toBeNull();
  });

  test("the test message names the webhook", () => {
    expect(testMessage("moderation", AT).embeds[0]!.description).toContain("Бани, кіки, розбани");
  });
});

describe("delivery decisions", () => {
  const h = (entries: Record<string, string> = {}) => new Headers(entries);
  test.each([
    [204, null, h(), "ok"],
    [200, {}, h(), "ok"],
    [429, { retry_after: 1.5 }, h(), "retry"],
    [500, null, h(), "retry"],
    [503, null, h(), "retry"],
    [400, { code: 50035 }, h(), "failed"],
    [401, null, h(), "failed"],
    [404, null, h(), "failed"],
  ])("HTTP %i → %s", (status, body, headers, state) => {
    expect(classifyResponse(status, body, headers).state).toBe(state);
  });

  test("retry_after from the body, else the headers, in ms", () => {
    expect(retryAfterMsOf({ retry_after: 1.234 }, h())).toBe(1234);
    expect(retryAfterMsOf(null, h({ "retry-after": "3" }))).toBe(3000);
    expect(retryAfterMsOf(null, h({ "x-ratelimit-reset-after": "0.5" }))).toBe(500);
    expect(retryAfterMsOf({ retry_after: "x" }, h())).toBeUndefined();
    expect(retryAfterMsOf({ retry_after: -1 }, h())).toBeUndefined();
  });

  test("backoff doubles; 429 waits retry_after; bounded", () => {
    const fail5xx = classifyResponse(500, null, h());
    expect([1, 2, 3].map((n) => nextDelayMs(fail5xx, n, 100))).toEqual([100, 200, 400]);
    expect(nextDelayMs(fail5xx, MAX_ATTEMPTS, 100)).toBeNull();
    const limited = classifyResponse(429, { retry_after: 7 }, h());
    expect(nextDelayMs(limited, 1, 100)).toBe(7000);
    expect(nextDelayMs(classifyResponse(429, { retry_after: 3600 }, h()), 1)).toBeNull();
    expect(nextDelayMs(classifyResponse(429, null, h()), 2, 100)).toBe(200);
    expect(nextDelayMs(classifyResponse(404, null, h()), 1)).toBeNull();
    expect(nextDelayMs(classifyResponse(204, null, h()), 1)).toBeNull();
  });
});

describe("in English", () => {
  test("every event has English titles and field names, with no Ukrainian left", () => {
    const cyrillic = /\p{Script=Cyrillic}/u;
    for (const event of events) {
      const message = formatMessage(event, { at: AT, language: "en" });
      const embed = message.embeds[0]!;
      expect(message.username).toBe("CS2 Panel");
      expect(embed.title, event.kind).not.toMatch(cyrillic);
      expect(embed.description, event.kind).not.toMatch(cyrillic);
      for (const field of embed.fields) expect(field.name, event.kind).not.toMatch(cyrillic);
    }
  });

  test("a ban's length, an interruption's cause and the test message", () => {
    const ban = formatMessage(
      { kind: "ban", admin: "Olena", steamId: STEAM, durationMinutes: 2880, serverName: "S" },
      { at: AT, language: "en" },
    ).embeds[0]!;
    expect(ban.description).toContain("2 d");
    const cut = formatMessage(
      {
        kind: "matchInterrupted",
        serverName: "S",
        map: "de_nuke",
        round: 7,
        scoreCT: 4,
        scoreT: 2,
        reason: "offline",
        at: AT,
      },
      { at: AT, language: "en" },
    ).embeds[0]!;
    expect(cut.title).toBe("Match interrupted in round 7 (4:2)");
    expect(cut.fields).toContainEqual({
      name: "What happened",
      value: "the server stopped answering",
      inline: true,
    });
    expect(testMessage("match", AT, "en").embeds[0]!.description).toMatch(
      /^Webhook «Recorded matches» works, <t:\d+:R>$/,
    );
    expect(testMessage("match", AT).embeds[0]!.title).toBe("Тестове повідомлення");
  });
});
