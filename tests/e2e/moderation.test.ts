/**
 * Moderation in Chromium against demo mode: the demo moderator (a moderator through
 * MODERATOR_EMAILS) bans a player from the player modal with a preset reason and duration; the ban
 * reaches the simulator with that reason and the sanction shows in the player's history. The
 * moderator is offered neither "forever" nor the admin tabs.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { WirePlayers } from "../../convex/lib/gameApi";
import { chromiumPath, newPage, simJson, startEnv, type Env, screenshotDir } from "./browser";

const screenshots = screenshotDir();
let env: Env;

beforeAll(async () => {
  if (!chromiumPath) return;
  env = await startEnv();
});
afterAll(async () => {
  await env?.stop();
});

async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name, exact: true }).click();
  await expect
    .poll(() => page.getByRole("tab", { name, exact: true }).getAttribute("aria-selected"))
    .toBe("true");
}

describe.skipIf(!chromiumPath)("moderation in the browser", () => {
  test("a moderator bans from the player modal with a preset reason and duration; the history shows it", async () => {
    const { page, context } = await newPage(env);
    await page.goto(env.url);
    await page.getByRole("button", { name: "Увійти", exact: true }).click();
    await page.getByRole("button", { name: "Увійти як модератор (демо)" }).click();
    await page.getByText("Авторизація успішна!").waitFor();
    await page.getByText("Модератор", { exact: true }).first().waitFor();
    expect(await page.getByRole("tab", { name: "Керування" }).count()).toBe(0);

    const wire = await simJson<WirePlayers>(env, 0, "/players");
    const target = wire.counterTerrorists[0] ?? wire.terrorists[0]!;
    await openTab(page, "Гравці");
    await page.getByRole("row", { name: `Відкрити статистику гравця ${target.name}` }).click();
    const modal = page.getByRole("dialog", { name: target.name });
    await modal.getByText("Покарань ще не було.").waitFor();

    const length = modal.getByLabel("Тривалість бану");
    const offered = await length.locator("option").allTextContents();
    expect(offered).not.toContain("Назавжди");
    expect(offered).not.toContain("30 днів");
    await length.selectOption("1440");
    await modal.getByLabel("Причина бану").selectOption("Гриферство");
    await modal.getByRole("button", { name: "Забанити" }).click();
    const confirm = page.getByRole("dialog", { name: "Забанити гравця?" });
    await confirm.getByRole("button", { name: "Забанити" }).click();
    await page.getByText('Дія "Бан" виконана успішно!').first().waitFor({ timeout: 15_000 });

    const ban = env.demo.sim.servers[0]!.state().bans.find((b) => b.steamId === target.steamId);
    expect(ban).toMatchObject({ reason: "Гриферство", duration: "1440" });

    const history = modal.getByRole("region", { name: "Історія покарань" });
    await history.getByText("Гриферство").waitFor({ timeout: 15_000 });
    expect(await history.textContent()).toContain("moderator (модератор)");
    expect(await history.textContent()).toContain("Бан");

    await page.screenshot({ path: path.join(screenshots, "moderation.png"), fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: path.join(screenshots, "moderation-360.png"), fullPage: true });

    // The career page shows staff the same history; a visitor's does not.
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.goto(`${env.url}players/${target.steamId}`);
    const onCareer = page.getByRole("region", { name: "Історія покарань" });
    await onCareer.getByText("Гриферство").waitFor({ timeout: 15_000 });
    await page.screenshot({ path: path.join(screenshots, "career-sanctions.png"), fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({
      path: path.join(screenshots, "career-sanctions-360.png"),
      fullPage: true,
    });
    const visitor = await newPage(env);
    await visitor.page.goto(`${env.url}players/${target.steamId}`);
    await visitor.page.getByRole("heading", { level: 1 }).waitFor();
    expect(await visitor.page.getByRole("region", { name: "Історія покарань" }).count()).toBe(0);
    await visitor.context.close();
    await context.close();
  });
});
