/**
 * A crashed match brought back, as an admin sees it, in Chromium against demo mode: a match runs on
 * server1 (CS2 over the plugin API), the game server's process restarts in the middle of the map and
 * comes back in warmup on another map; the admin tab says «Матч перервано на раунді 5 (x:y)», the
 * admin clicks «Відновити матч», confirms, and the server is back on its map at the last good
 * round, paused, with the score the backup holds; the match carries on from there and the notice
 * says it came back. Then, on a phone, the admin restores an earlier round from «Резервні копії
 * раундів». The health panel shows the link, version and uptime read from the same polls.
 * Each step (the notice, both confirmations, the result, the backup list) is looked at 1366 and
 * 360 px: no sideways scroll, and a screenshot of each for review.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { chromiumPath, newPage, screenshotDir, useDemoEnv } from "./browser";
import { lookAt } from "./demo-steps";
import { mapLabel } from "../../convex/lib/mapNames";

const screenshots = screenshotDir();
const WAIT = { timeout: 60_000 };
const env = useDemoEnv();

async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name, exact: true }).click();
  await expect
    .poll(() => page.getByRole("tab", { name, exact: true }).getAttribute("aria-selected"), WAIT)
    .toBe("true");
}

async function score(page: Page): Promise<string> {
  const ct = await page.getByTestId("score-ct").textContent();
  const tSide = await page.getByTestId("score-t").textContent();
  return `${ct}:${tSide}`;
}

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

describe.skipIf(!chromiumPath)("crash recovery in the browser", () => {
  test("a crashed match is noticed, recovered in one click and carries on; a round is restored at 360 px", async () => {
    const server = env.demo.sim.servers[0]!;
    const { page, context } = await newPage(env, { width: 1366, height: 900 });
    const consoleErrors: string[] = [];
    page.on("console", (m) => void (m.type() === "error" && consoleErrors.push(m.text())));
    await page.goto(env.url);
    await page.getByRole("button", { name: "Увійти", exact: true }).click();
    await page.getByRole("button", { name: "Увійти як адміністратор (демо)" }).click();
    await page.getByText("Авторизація успішна!").waitFor(WAIT);

    // A live match: four rounds played (a shorter one is no match yet), the fifth begun (its
    // backup written at its start). The demo's maps end at 5 won rounds.
    server.console.exec('mp_teamname_1 "Сині"');
    server.console.exec('mp_teamname_2 "Жовті"');
    const map = server.state().map;
    expect(server.advanceUntil("live", 5_000).reached).toBe(true);
    for (let round = 1; round <= 4; round++) {
      expect(server.advanceUntil("roundEnd", 5_000).reached).toBe(true);
    }
    expect(server.advanceUntil("roundStart", 5_000).reached).toBe(true);
    const before = server.state();
    const atCrash = `${before.scoreCT}:${before.scoreT}`;
    await page.getByTestId("score-ct").waitFor(WAIT);
    await expect.poll(() => score(page), WAIT).toBe(atCrash);

    // The process restarts and comes back in warmup, on another map (its default after a crash).
    server.restartServices("restart", 200);
    await expect.poll(() => server.state().online && !server.state().restarting, WAIT).toBe(true);
    const other = map === "de_nuke" ? "de_inferno" : "de_nuke";
    server.console.exec(`changelevel ${other}`);

    await openTab(page, "Керування");
    const notice = page.getByRole("status").filter({ hasText: "Матч перервано на раунді" });
    await notice.waitFor(WAIT);
    await expect(notice.textContent()).resolves.toContain(
      `Матч перервано на раунді 5 (${atCrash})`,
    );
    await page.getByText("Авторизація успішна!").waitFor({ state: "detached", timeout: 30_000 });
    await notice.screenshot({ path: path.join(screenshots, "recovery-notice-1366.png") });
    // Each step of the recovery at both widths: nothing scrolls sideways, a screenshot of each.
    await lookAt(page, screenshots, "recovery-notice");

    // «Відновити матч»: the last good round is chosen; the confirmation says what players will see.
    await notice.getByRole("button", { name: "Відновити матч" }).click();
    const pick = notice.getByLabel("Резервна копія");
    await pick.waitFor(WAIT);
    const four = server.backups.list().find((b) => b.round === 4)!;
    await expect(pick.inputValue()).resolves.toBe(four.file);
    await notice.getByRole("button", { name: "Відновити матч" }).click();
    const confirm = page.getByRole("dialog", { name: "Відновити перерваний матч?" });
    await confirm.waitFor(WAIT);
    const restored = `${four.scoreCT}:${four.scoreT}`;
    await expect(confirm.textContent()).resolves.toContain(restored);
    await lookAt(page, screenshots, "recovery-confirm");
    await confirm.getByRole("button", { name: "Відновити матч" }).click();

    // Read back: the server shows the map at the restored score, round 4 paused. The poller may
    // already have taken the match back (the notice then says so); the read-back stays either way.
    await page
      .getByText(`Сервер показує ${mapLabel(map)}, ${restored}: раунд 5 на паузі.`, { exact: true })
      .waitFor({ timeout: 120_000 });
    expect(server.state()).toMatchObject({
      map,
      round: 5,
      phase: "paused",
      scoreCT: four.scoreCT,
      scoreT: four.scoreT,
    });
    expect(server.state().chat.map((l) => l.message)).toContain(
      `Матч відновлено: раунд 5 (${restored}). Match restored: round 5 (${restored}).`,
    );
    expect(server.console.exec("mp_teamname_1")).toContain("Сині");
    await lookAt(page, screenshots, "recovery-done");

    // The match carries on from the restored score, as the same match.
    server.console.exec("mp_unpause_match");
    expect(server.advanceUntil("roundEnd", 5_000).reached).toBe(true);
    const next = server.state();
    expect(next.scoreCT + next.scoreT).toBe(5);
    await page
      .getByRole("note")
      .filter({ hasText: "матч триває як той самий" })
      .waitFor({ timeout: 120_000 });
    await openTab(page, "Огляд");
    await expect.poll(() => score(page), WAIT).toBe(`${next.scoreCT}:${next.scoreT}`);
    await expect(page.getByText(map, { exact: true }).first().isVisible()).resolves.toBe(true);

    // The health panel: the link, CS2's version and uptime, from the polls the panel makes anyway.
    await openTab(page, "Керування");
    const health = page.getByRole("region", { name: "Зв'язок, версія, навантаження" });
    await health.waitFor(WAIT);
    await health.getByText("На зв'язку", { exact: true }).waitFor(WAIT);
    await expect
      .poll(() => health.getByText("Версія CS2").locator("xpath=..").textContent(), WAIT)
      .toMatch(/\d/);
    await health.scrollIntoViewIfNeeded();
    await health.screenshot({ path: path.join(screenshots, "health-1366.png") });

    // On a phone: the round backups card lists the files; round 2 is restored after a confirmation.
    await page.setViewportSize({ width: 360, height: 800 });
    const card = page.getByRole("region", { name: "Резервні копії раундів" });
    await card.scrollIntoViewIfNeeded();
    await card.getByRole("button", { name: "Показати копії" }).click();
    await card.getByText("Копії пишуться (mp_backup_round_auto 1).").waitFor(WAIT);
    const two = server.backups.list().find((b) => b.round === 1)!;
    const row = card.getByRole("listitem").filter({ hasText: two.file });
    await row.waitFor(WAIT);
    await lookAt(page, screenshots, "backups-list");
    await page.setViewportSize({ width: 360, height: 800 });
    await noHorizontalScroll(page);
    await card.screenshot({ path: path.join(screenshots, "backups-360.png") });
    await health.screenshot({ path: path.join(screenshots, "health-360.png") });
    await row.getByRole("button", { name: "Відновити" }).click();
    const confirmRound = page.getByRole("dialog", { name: "Відновити раунд 2?" });
    await expect(confirmRound.textContent()).resolves.toContain(`${two.scoreCT}:${two.scoreT}`);
    await lookAt(page, screenshots, "backups-confirm");
    await page.setViewportSize({ width: 360, height: 800 });
    await confirmRound.getByRole("button", { name: "Відновити" }).click();
    await page.getByText('Дія "Відновлення раунду" виконана успішно!').first().waitFor(WAIT);
    expect(server.state()).toMatchObject({
      map,
      round: 2,
      scoreCT: two.scoreCT,
      scoreT: two.scoreT,
    });
    await openTab(page, "Огляд");
    await expect.poll(() => score(page), WAIT).toBe(`${two.scoreCT}:${two.scoreT}`);
    await noHorizontalScroll(page);
    await page.screenshot({ path: path.join(screenshots, "recovery-dashboard-360.png") });

    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
