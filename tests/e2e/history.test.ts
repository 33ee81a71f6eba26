/**
 * Match history in Chromium: a map played to the end on the simulator is recorded by the poller,
 * appears in /matches, its scoreboard opens (timeline, score chart, kills by weapon from CS2's
 * HTTP log, bots marked), and a player's career page shows the match. Also
 * screenshots of every history page at 1366 and 360 px.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { chromiumPath, newPage, screenshotDir, useDemoEnv } from "./browser";

const screenshots = screenshotDir();
const WAIT = { timeout: 30_000 };
const env = useDemoEnv();

interface Recorded {
  _id: string;
  map: string;
  rounds: number;
  players: { steamId: string; name: string; kills: number }[];
  bots?: { name: string }[];
  weapons?: { weapon: string; kills: number }[];
}

async function recorded(): Promise<Recorded[]> {
  return (await env.demo.backend.t.run(
    async (ctx) => await ctx.db.query("matches").collect(),
  )) as Recorded[];
}

async function snapshotPhase(): Promise<string | undefined> {
  const rows = (await env.demo.backend.t.run(
    async (ctx) => await ctx.db.query("matchSnapshots").collect(),
  )) as { match: { serverName: string; roundPhase: string; scoreCT: number; scoreT: number } }[];
  const mine = rows.find((r) => r.match.serverName === env.demo.sim.servers[0]!.state().name);
  return mine ? `${mine.match.roundPhase}:${mine.match.scoreCT + mine.match.scoreT}` : undefined;
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
}

describe.skipIf(!chromiumPath)("match history in the browser", () => {
  test("a recorded match appears in /matches, its scoreboard opens, a career shows it", async () => {
    const server = env.demo.sim.servers[0]!;
    // Someone watches the dashboard, so the poller follows the server every 5 s.
    const { page, context } = await newPage(env, { width: 1366 });
    await page.goto(env.url);
    await page.getByTestId("score-ct").waitFor(WAIT);

    expect(server.advanceUntil("live", 5_000).reached).toBe(true);
    await expect.poll(snapshotPhase, WAIT).toMatch(/^(freezetime|live):0$/);
    // Round by round, each seen by a poll: the match page then knows every round's winner and
    // draws the score chart (a jump of several rounds between two polls leaves winners unknown).
    do {
      expect(server.advanceUntil("roundEnd", 5_000).reached).toBe(true);
      // The round's kills reach the panel through CS2's HTTP log (on for server1 in the demo).
      await server.httpLog.settled();
      const { scoreCT, scoreT } = server.state();
      await expect.poll(snapshotPhase, WAIT).toMatch(new RegExp(`:${scoreCT + scoreT}$`));
    } while (!server.world.match.matchOver);
    const final = server.state();
    const [match] = await expect
      .poll(recorded, WAIT)
      .toHaveLength(1)
      .then(() => recorded());
    expect(match!.map).toBe(final.map);

    await page.getByRole("link", { name: "Матчі", exact: true }).click();
    await page.waitForURL(/\/matches$/);
    // The map by its name («Dust II»), its file name (de_dust2) as the title.
    const mapLink = page
      .getByRole("link")
      .filter({ has: page.getByTitle(final.map, { exact: true }) })
      .first();
    await mapLink.waitFor(WAIT);
    const mapName = ((await mapLink.textContent()) ?? "").trim();
    expect(mapName).not.toContain("_");
    await shoot(page, "history-matches-1366");
    await mapLink.click();
    await page.waitForURL(/\/matches\/.+/);
    await page.getByRole("heading", { name: `Матч на ${mapName}` }).waitFor(WAIT);
    await expect
      .poll(() => page.getByText(`${final.scoreCT}:${final.scoreT}`).count(), WAIT)
      .toBeGreaterThan(0);
    // The verdict as a person says it, the round timeline (one mark per round) and the chart.
    await expect(page.getByTestId("verdict").textContent()).resolves.toMatch(
      /^(Перемогли .+ \d+:\d+|Нічия \d+:\d+)$/,
    );
    const timeline = page.getByRole("list", { name: "Раунди" });
    await expect(timeline.getByRole("listitem").count()).resolves.toBe(match!.rounds);
    await expect(page.locator("svg[role=img]").first().isVisible()).resolves.toBe(true);
    // Kills by weapon from the log, most used first; bots listed and marked, without a career link.
    expect(match!.weapons?.length ?? 0).toBeGreaterThan(0);
    await expect(page.getByTestId("weapon-row").count()).resolves.toBe(match!.weapons!.length);
    const bots = match!.bots ?? [];
    await expect(page.locator("tr[data-bot]").count()).resolves.toBe(bots.length);
    const top = match!.players[0]!;
    // The scoreboard's link; the match page names players in other tables too.
    const playerLink = page.getByRole("link", { name: top.name, exact: true }).first();
    await playerLink.waitFor(WAIT);
    await shoot(page, "history-match-1366");

    await playerLink.click();
    await page.waitForURL(new RegExp(`/players/${top.steamId}$`));
    await page.getByRole("heading", { name: top.name, level: 1 }).waitFor(WAIT);
    const recent = page.getByRole("table", { name: "Останні матчі гравця" });
    await recent
      .getByRole("link")
      .filter({ has: page.getByTitle(final.map, { exact: true }) })
      .first()
      .waitFor(WAIT);
    await shoot(page, "history-player-1366");

    await page.getByRole("link", { name: "Рейтинг", exact: true }).click();
    await page.getByRole("table", { name: "Рейтинг гравців" }).waitFor(WAIT);
    await shoot(page, "history-leaderboard-1366");
    await context.close();

    // The same pages at 360 px.
    const phone = await newPage(env, { width: 360, height: 780 });
    for (const [name, url] of [
      ["history-matches-360", "/matches"],
      ["history-match-360", `/matches/${match!._id}`],
      ["history-player-360", `/players/${top.steamId}`],
      ["history-leaderboard-360", "/leaderboard"],
    ] as const) {
      await phone.page.goto(`${env.url.replace(/\/$/, "")}${url}`);
      await phone.page.getByRole("heading", { level: 1 }).waitFor(WAIT);
      await phone.page.waitForTimeout(300);
      const overflow = await phone.page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, name).toBeLessThanOrEqual(0);
      await shoot(phone.page, name);
    }
    // The panel's header keeps its history links reachable on a phone.
    await phone.page.goto(env.url);
    await phone.page.getByRole("link", { name: "Рейтинг", exact: true }).waitFor(WAIT);
    const overflow = await phone.page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, "panel header").toBeLessThanOrEqual(0);
    await shoot(phone.page, "history-panel-header-360");
    await phone.context.close();
  }, 120_000);

  test("a player page for something that is not a SteamID64 says so", async () => {
    const { page, context } = await newPage(env);
    await page.goto(`${env.url.replace(/\/$/, "")}/players/not-a-steam-id`);
    await page.getByText("Це не SteamID64. Перевірте адресу сторінки.").waitFor(WAIT);
    await context.close();
  });
});
