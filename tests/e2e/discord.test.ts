/**
 * Discord notifications in the browser: the admin points the moderation webhook at the demo's
 * Discord stand-in from the settings, sends a test, bans a player from the player modal, and the
 * stand-in's page shows the message; the settings show the last delivery status (never the URL).
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import type { WirePlayers } from "../../convex/lib/gameApi";
import { chromiumPath, newPage, screenshotDir, simJson, useDemoEnv } from "./browser";

const screenshots = screenshotDir();
const HOOK_ID = "200000000000000001";
const env = useDemoEnv();

async function signInAdmin(page: Page) {
  await page.goto(env.url);
  await page.getByRole("button", { name: "Увійти", exact: true }).click();
  await page.getByRole("button", { name: "Увійти як адміністратор (демо)" }).click();
  await page.getByText("Авторизація успішна!").waitFor();
  await page.getByRole("tab", { name: "Керування" }).waitFor();
}

function item(page: Page) {
  return page.getByRole("dialog").locator('[data-kind="moderation"]');
}

describe.skipIf(!chromiumPath)("Discord notifications", () => {
  test("set a webhook, send a test, ban a player: the stand-in shows it, the settings its status", async () => {
    const { page, context } = await newPage(env, { width: 1366, height: 900 });
    const consoleErrors: string[] = [];
    page.on("console", (m) => void (m.type() === "error" && consoleErrors.push(m.text())));
    await signInAdmin(page);
    await page.getByRole("tab", { name: "Керування", exact: true }).click();
    await page.getByRole("button", { name: "Налаштування", exact: true }).first().click();
    await page.getByRole("heading", { name: "Сповіщення в Discord" }).waitFor();
    const moderation = item(page);
    // The demo seeded every kind; the URL itself is never shown.
    await moderation.getByText("Налаштовано", { exact: true }).waitFor();
    expect(await page.getByRole("dialog").textContent()).not.toContain("demo-token");

    const field = moderation.getByRole("textbox");
    await field.fill("https://example.com/not-a-webhook");
    await moderation.getByRole("button", { name: "Зберегти" }).click();
    await moderation.getByText(/Вкажіть адресу вебхука Discord/).waitFor();

    const url = `${env.demo.discord.url}/api/webhooks/${HOOK_ID}/e2e-token-abcdefghijklmnop`;
    await field.fill(url);
    await moderation.getByRole("button", { name: "Зберегти" }).click();
    await page.getByText("Вебхук збережено.").first().waitFor();
    expect(await field.inputValue()).toBe("");

    await moderation.getByRole("button", { name: "Надіслати тест" }).click();
    await moderation.getByText("доставлено", { exact: true }).waitFor({ timeout: 15_000 });
    await moderation.getByText("HTTP 204").waitFor();
    expect(await page.getByRole("dialog").textContent()).not.toContain("e2e-token");
    const posted = env.demo.discord.messages.filter((m) => m.webhookId === HOOK_ID);
    expect(posted.map((m) => m.body.embeds?.[0]?.title)).toEqual(["Тестове повідомлення"]);
    await page.screenshot({ path: path.join(screenshots, "discord-settings-1366.png") });
    await page.setViewportSize({ width: 360, height: 800 });
    await moderation.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshots, "discord-settings-360.png") });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.keyboard.press("Escape");

    // A ban from the player modal.
    const wire = await simJson<WirePlayers>(env, 0, "/players");
    const target = wire.counterTerrorists[0] ?? wire.terrorists[0]!;
    await page.getByRole("tab", { name: "Гравці", exact: true }).click();
    await page.getByRole("row", { name: `Відкрити статистику гравця ${target.name}` }).click();
    const modal = page.getByRole("dialog", { name: target.name });
    await modal.getByRole("button", { name: "Забанити" }).click();
    await page
      .getByRole("dialog", { name: "Забанити гравця?" })
      .getByRole("button", { name: "Забанити" })
      .click();
    await page.getByText('Дія "Бан" виконана успішно!').first().waitFor();

    const standIn = await context.newPage();
    await standIn.goto(`${env.demo.discord.url}/`);
    await expect
      .poll(
        async () => {
          await standIn.reload();
          return await standIn.locator(`li[data-webhook="${HOOK_ID}"]`).count();
        },
        { timeout: 15_000, interval: 300 },
      )
      .toBe(2);
    const message = standIn.locator(`li[data-webhook="${HOOK_ID}"]`).first();
    const text = (await message.textContent()) ?? "";
    expect(text).toContain("Гравця забанено");
    expect(text).toContain(target.steamId);
    expect(text).toContain("Адміністратор");
    await standIn.screenshot({ path: path.join(screenshots, "discord-stand-in.png") });
    const ban = env.demo.discord.messages.filter((m) => m.webhookId === HOOK_ID)[1]!;
    expect(ban.body.allowed_mentions).toEqual({ parse: [] });
    expect(ban.body.embeds?.[0]?.url).toBe(
      `${env.url.replace(/\/$/, "")}/players/${target.steamId}`,
    );
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
