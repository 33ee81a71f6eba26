/**
 * A plain CS2 server (the demo's Server #3: direct RCON, no plugin, no MatchZy) whose own HTTP log
 * is on, in Chromium: the dashboard shows its score with the team names, the phase and round
 * clock, the round strip with how each round ended, the scoreboard by side and the totals, at 1366
 * and 360 px; once its map ends, the map is in /matches with a full match page.
 */
import path from "node:path";
import { describe, expect, test } from "vitest";
import { chromiumPath, newPage, screenshotDir, useDemoEnv } from "./browser";

const env = useDemoEnv();

const WAIT = { timeout: 30_000 };

describe.skipIf(!chromiumPath)("a plain CS2 server from its own log", () => {
  test("Server #3: score, names, clock, strip with reasons, board by side, totals; its map recorded", async () => {
    const server = env.demo.sim.servers[2]!;
    server.console.exec("mp_maxrounds 6");
    server.console.exec('mp_teamname_1 "Сови"');
    server.console.exec('mp_teamname_2 "Лиси"');
    const { page, context } = await newPage(env, { width: 1366, height: 900 });
    await page.goto(env.url);
    const selector = page.getByRole("combobox").first();
    await expect.poll(() => selector.locator("option").count(), WAIT).toBe(3);
    await selector.selectOption({ label: "Server #3" });
    expect(server.advanceUntil("live", 600_000).reached).toBe(true);
    for (let round = 1; round <= 2; round++) {
      expect(server.advanceUntil("roundEnd", 600_000).reached).toBe(true);
    }
    await server.httpLog.settled();
    const m = server.world.match;
    await expect
      .poll(
        async () =>
          `${await page.getByTestId("score-ct").textContent()}:${await page.getByTestId("score-t").textContent()}`,
        WAIT,
      )
      .toBe(`${m.scoreCT}:${m.scoreT}`);
    await expect.poll(() => page.getByTestId("team-ct").textContent(), WAIT).toMatch(/Сови|Лиси/);
    const strip = page.getByRole("list", { name: "Раунди" }).getByRole("listitem");
    await expect.poll(() => strip.count(), WAIT).toBe(2);
    const reasons = await strip.evaluateAll((items) =>
      items.map((li) => (li as HTMLElement).dataset.reason ?? ""),
    );
    expect(reasons.every((r) => r !== "")).toBe(true);
    await expect
      .poll(() => page.getByTestId("board-CT").locator("tbody tr").count(), WAIT)
      .toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId("board-T").locator("tbody tr").count(), WAIT)
      .toBeGreaterThan(0);
    await expect(page.getByText("? : ?").count()).resolves.toBe(0);
    // The next round's clock, from the log's round start and mp_roundtime.
    server.advance(20);
    await expect.poll(() => page.getByTestId("round-clock").count(), WAIT).toBeGreaterThan(0);
    const shots = screenshotDir();
    await page.screenshot({ path: path.join(shots, "plain-server-log.png"), fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await expect(page.getByTestId("board-T").isVisible()).resolves.toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await page.screenshot({ path: path.join(shots, "plain-server-log-360.png"), fullPage: true });

    // The map ends: recorded once from the log, and its match page is full.
    expect(server.advanceUntil("matchOver", 3_600_000).reached).toBe(true);
    await server.httpLog.settled();
    const recorded = async () =>
      (await env.demo.backend.t.run(async (ctx) => await ctx.db.query("matches").collect())) as {
        _id: string;
        rounds: number;
        source?: string;
        serverId: string;
      }[];
    await expect
      .poll(async () => (await recorded()).filter((r) => r.source === "log").length, WAIT)
      .toBe(1);
    const match = (await recorded()).find((r) => r.source === "log")!;
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(new URL("/matches", env.url).href);
    await expect.poll(() => page.getByText("Server #3").count(), WAIT).toBeGreaterThan(0);
    await page.goto(new URL(`/matches/${match._id}`, env.url).href);
    const timeline = page.getByRole("list", { name: "Раунди" });
    await expect.poll(() => timeline.getByRole("listitem").count(), WAIT).toBe(match.rounds);
    // What the log told beyond the lines: kills of every round, opening duels, multi-kills,
    // clutches and utility per player, and each side's money by round.
    await expect(page.getByTestId("round-kills").count()).resolves.toBe(match.rounds);
    const detail = page.getByRole("table", { name: /перші дуелі/ });
    await expect(detail.locator("tbody tr").count()).resolves.toBeGreaterThan(1);
    await expect(page.getByRole("img", { name: /Гроші сторін/ }).count()).resolves.toBe(1);
    await page.screenshot({ path: path.join(shots, "plain-server-match.png"), fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await page.screenshot({ path: path.join(shots, "plain-server-match-360.png"), fullPage: true });
    for (const [file, title] of [
      ["round-kills", "Вбивства за раундами"],
      ["breakdown-players", "Гравці: перші дуелі, мультикіли, клатчі, гранати"],
      ["economy", "Гроші сторін"],
    ] as const) {
      await page
        .getByRole("region", { name: title })
        .first()
        .screenshot({ path: path.join(shots, `plain-server-${file}-360.png`) });
    }
    await context.close();
  }, 240_000);
});
