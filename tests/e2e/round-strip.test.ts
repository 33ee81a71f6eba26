/**
 * The dashboard's round strip and scoreboard by side in Chromium against demo mode: with MatchZy
 * push on, each simulated round adds a mark with its winner and how it ended, and the board shows
 * the teams' names and every player on their side; with push off, CS2's log (the demo has it on for
 * server1) speaks for the match at once, and the next round's mark comes from it with its reason. The kill feed, opened on the dashboard and on the overlay,
 * shows the kills the simulator logged through CS2's HTTP log (the demo has it on for server1).
 * After the map, its match page keeps the pushed rounds' reasons and draws the score chart.
 * Checked at 1366 and 360 px.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { chromiumPath, newPage, screenshotDir, useDemoEnv } from "./browser";

const env = useDemoEnv();

const WAIT = { timeout: 30_000 };

async function marks(page: Page) {
  return await page
    .getByRole("list", { name: "Раунди" })
    .getByRole("listitem")
    .evaluateAll((items) =>
      items.map((li) => ({
        winner: (li as HTMLElement).dataset.winner,
        reason: (li as HTMLElement).dataset.reason,
        label: li.getAttribute("aria-label"),
      })),
    );
}

describe.skipIf(!chromiumPath)("round strip in the browser", () => {
  test("push on: marks with reasons; push off: the log's marks; usable at 360 px", async () => {
    const { page, context } = await newPage(env, { width: 1366, height: 900 });
    await page.goto(env.url);
    await page.getByRole("button", { name: "Увійти", exact: true }).click();
    await page.getByRole("button", { name: "Увійти як адміністратор (демо)" }).click();
    await page.getByText("Авторизація успішна!").waitFor(WAIT);
    await page.getByRole("tab", { name: "Керування", exact: true }).click();
    const toggle = page.getByRole("switch", { name: "Приймати події MatchZy" });
    await toggle.waitFor(WAIT);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-checked"), WAIT).toBe("true");

    const server = env.demo.sim.servers[0]!;
    const kills: string[] = [];
    server.world.onMatchEvent((e) => void (e.type === "kill" && kills.push(e.kill.killer.name)));
    server.console.exec('mp_teamname_1 "Сині"');
    server.console.exec('mp_teamname_2 "Жовті"');
    await page.getByRole("tab", { name: "Огляд", exact: true }).click();
    await page.getByTestId("score-ct").waitFor(WAIT);
    expect(server.advanceUntil("live", 5_000).reached).toBe(true);
    for (let round = 1; round <= 3; round++) {
      expect(server.advanceUntil("roundEnd", 5_000).reached).toBe(true);
      await server.matchzy.settled();
      await expect.poll(async () => (await marks(page)).length, WAIT).toBe(round);
    }
    const pushed = await marks(page);
    expect(pushed.every((m) => m.winner === "CT" || m.winner === "T")).toBe(true);
    expect(pushed.every((m) => m.reason !== "")).toBe(true);
    expect(pushed[0]!.label).toMatch(/^Раунд 1: перемога (CT|T), /);
    // The board by side, with the names MatchZy's events carry (team 1 started on CT).
    await expect.poll(() => page.getByTestId("team-ct").textContent(), WAIT).toBe("Сині");
    await expect(page.getByTestId("team-t").textContent()).resolves.toBe("Жовті");
    const ctBoard = page.getByTestId("board-CT");
    const tBoard = page.getByTestId("board-T");
    await expect.poll(() => ctBoard.locator("tbody tr").count(), WAIT).toBeGreaterThan(0);
    await expect.poll(() => tBoard.locator("tbody tr").count(), WAIT).toBeGreaterThan(0);
    await expect(ctBoard.getByText("Сині", { exact: true }).isVisible()).resolves.toBe(true);
    const [ctBox, tBox] = [await ctBoard.boundingBox(), await tBoard.boundingBox()];
    expect(tBox!.x).toBeGreaterThan(ctBox!.x + ctBox!.width - 1); // side by side
    // The kill feed: closed by default (no subscription); opened, the server's logged kills.
    const feedToggle = page.getByTestId("kill-feed-toggle");
    await expect(feedToggle.getAttribute("aria-expanded")).resolves.toBe("false");
    await expect(page.getByTestId("kill-feed").count()).resolves.toBe(0);
    await feedToggle.click();
    await server.httpLog.settled();
    expect(kills.length).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId("kill-row").count(), WAIT).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId("kill-row").first().textContent(), WAIT)
      .toContain(kills.at(-1)!);
    const shots = screenshotDir();
    await page.screenshot({ path: path.join(shots, "round-strip.png"), fullPage: true });

    // Push off: the log speaks for the match; the next round's mark has its reason from it.
    await page.getByRole("tab", { name: "Керування", exact: true }).click();
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-checked"), WAIT).toBe("false");
    await page.getByRole("tab", { name: "Огляд", exact: true }).click();
    expect(server.advanceUntil("roundEnd", 5_000).reached).toBe(true);
    await expect.poll(async () => (await marks(page)).length, WAIT).toBe(4);
    const logged = (await marks(page))[3]!;
    expect(logged.reason).not.toBe("");
    expect(["CT", "T"]).toContain(logged.winner);

    // The round clock: the next freezetime (a minute long) counts down in the browser.
    server.console.exec("mp_freezetime 60");
    server.console.exec("mp_round_restart_delay 1");
    server.advance(2);
    const clock = page.getByTestId("round-clock");
    await expect.poll(() => clock.getAttribute("data-phase"), WAIT).toBe("freezetime");
    const seconds = async () => {
      const [m, s] = (await clock.locator("span").last().textContent())!.split(":").map(Number);
      return m! * 60 + s!;
    };
    const first = await seconds();
    expect(first).toBeGreaterThan(40);
    await expect.poll(seconds, WAIT).toBeLessThan(first);

    await page.setViewportSize({ width: 360, height: 800 });
    await expect(page.getByRole("list", { name: "Раунди" }).isVisible()).resolves.toBe(true);
    await expect(page.getByTestId("board-T").isVisible()).resolves.toBe(true);
    await expect(page.getByTestId("kill-feed").isVisible()).resolves.toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(360);
    await page.screenshot({ path: path.join(shots, "round-strip-360.png"), fullPage: true });

    // The streamer's overlay: the same match over a transparent page.
    await page.setViewportSize({ width: 1280, height: 200 });
    await page.goto(new URL("/overlay/server1?rounds=1&killfeed=1", env.url).href);
    await expect
      .poll(() => page.getByTestId("overlay-score-ct").textContent(), WAIT)
      .toBe(String(server.world.match.scoreCT));
    await expect(page.getByTestId("overlay-team-t").textContent()).resolves.toMatch(/Сині|Жовті/);
    await expect(page.getByRole("list", { name: "Раунди" }).isVisible()).resolves.toBe(true);
    await expect.poll(() => page.getByTestId("kill-row").count(), WAIT).toBeGreaterThan(0);
    const backgrounds = await page.evaluate(() =>
      [document.documentElement, document.body].map((e) => getComputedStyle(e).backgroundColor),
    );
    expect(backgrounds).toEqual(["rgba(0, 0, 0, 0)", "rgba(0, 0, 0, 0)"]);
    // The /docs size (1280×200) holds the score, the strip and five kills; no sentence for
    // stream viewers; the CT name is not cut beside the clock.
    await expect.poll(() => page.getByTestId("kill-row").count(), WAIT).toBe(5);
    const height = await page.evaluate(() => document.getElementById("root")!.scrollHeight);
    expect(height).toBeLessThanOrEqual(200);
    expect(await page.locator("figcaption").count()).toBe(0);
    const ctName = page.getByTestId("overlay-team-ct").locator("span");
    await expect(ctName.evaluate((e) => e.scrollWidth <= e.clientWidth)).resolves.toBe(true);
    await page.screenshot({ path: path.join(shots, "overlay.png"), omitBackground: true });
    // A narrow browser source: the team names get their own row and are not cut.
    await page.setViewportSize({ width: 360, height: 400 });
    for (const side of ["ct", "t"]) {
      const fits = page.getByTestId(`overlay-team-${side}`).evaluate((e) => {
        // The laid-out text's width, clipped or not, against the room the name has.
        const text = document.createRange();
        text.selectNodeContents(e);
        const style = getComputedStyle(e);
        const room = e.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return text.getBoundingClientRect().width <= room + 0.5;
      });
      await expect(fits).resolves.toBe(true);
    }
    await page.screenshot({ path: path.join(shots, "overlay-360.png"), omitBackground: true });

    // A key that names no server says so, not "no match".
    await page.goto(new URL("/overlay/nosuch", env.url).href);
    await page.getByText(/Такого сервера немає/).waitFor(WAIT);

    // The rest of the map, each round told by the log, which records the map once; then its match
    // page: every round of the timeline has its winner and reason, and the score chart is drawn.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(env.url);
    await page.getByTestId("score-ct").waitFor(WAIT);
    while (!server.world.match.matchOver) {
      expect(server.advanceUntil("roundEnd", 5_000).reached).toBe(true);
      const played = server.state().scoreCT + server.state().scoreT;
      await expect.poll(async () => (await marks(page)).length, WAIT).toBe(played);
    }
    const recorded = async () =>
      (await env.demo.backend.t.run(async (ctx) => await ctx.db.query("matches").collect())) as {
        _id: string;
        rounds: number;
        source?: string;
      }[];
    await expect.poll(async () => (await recorded()).length, WAIT).toBe(1);
    const [match] = await recorded();
    expect(match!.source).toBe("log");
    await page.goto(new URL(`/matches/${match!._id}`, env.url).href);
    const timeline = page.getByRole("list", { name: "Раунди" });
    await expect.poll(() => timeline.getByRole("listitem").count(), WAIT).toBe(match!.rounds);
    const recordedMarks = await marks(page);
    expect(recordedMarks.every((m) => m.reason !== "")).toBe(true);
    expect(recordedMarks.every((m) => m.winner === "CT" || m.winner === "T")).toBe(true);
    await expect(page.locator("svg[role=img]").first().isVisible()).resolves.toBe(true);
    await page.screenshot({ path: path.join(shots, "match-after-push.png"), fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await expect(timeline.isVisible()).resolves.toBe(true);
    const narrow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(narrow).toBeLessThanOrEqual(360);
    await page.screenshot({ path: path.join(shots, "match-after-push-360.png"), fullPage: true });
    await context.close();
  }, 360_000);
});
