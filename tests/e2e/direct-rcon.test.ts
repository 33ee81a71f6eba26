/**
 * A plain CS2 server reached by direct RCON, in Chromium against demo mode: the admin adds it in
 * the settings (host, port, RCON password; no API URL, no plugin, no proxy), sees it online with
 * the fields it cannot report shown as unknown, changes its map and kicks a player. The server is
 * one more simulated CS2 server, outside the demo's seed, answering Source RCON like CS2.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startSimulator, type SimHandle } from "../../dev/sim/simulator";
import { chromiumPath, newPage, screenshotDir, useDemoEnv } from "./browser";

const screenshots = screenshotDir();
const env = useDemoEnv();
let plain: SimHandle;
const WAIT = { timeout: 20_000 };

beforeAll(async () => {
  if (!chromiumPath) return;
  plain = await startSimulator({
    ephemeral: true,
    tickMs: 0,
    servers: [{ map: "de_mirage", humans: 3, spectators: 0, rconPassword: "plain-rcon-pw" }],
    log: () => {},
  });
});
afterAll(async () => {
  await plain?.stop();
});

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor(WAIT);
}

async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name, exact: true }).click();
  await expect
    .poll(() => page.getByRole("tab", { name, exact: true }).getAttribute("aria-selected"))
    .toBe("true");
}

describe.skipIf(!chromiumPath)("direct RCON in the browser", () => {
  test("an admin adds a direct-RCON server, sees it online, changes the map and kicks a player", async () => {
    const server = plain.servers[0]!;
    const { page, context } = await newPage(env, { width: 1366, height: 900 });
    const consoleErrors: string[] = [];
    page.on("console", (m) => void (m.type() === "error" && consoleErrors.push(m.text())));
    await page.goto(env.url);
    await page.getByRole("button", { name: "Увійти", exact: true }).click();
    await page.getByRole("button", { name: "Увійти як адміністратор (демо)" }).click();
    await page.getByText("Авторизація успішна!").waitFor();

    // Settings → add a server of the new type: no API URL and no API key are asked for.
    await openTab(page, "Керування");
    await page.getByRole("button", { name: "Налаштування", exact: true }).first().click();
    await page.getByRole("button", { name: "Додати сервер" }).click();
    const form = page.getByRole("dialog", { name: "Додати сервер" });
    await form.getByLabel("Тип підключення", { exact: true }).selectOption("RCON");
    expect(await form.getByLabel("Адреса API", { exact: true }).count()).toBe(0);
    expect(await form.getByLabel("API-ключ", { exact: true }).count()).toBe(0);
    await form.getByLabel("Ключ", { exact: true }).fill("plain");
    await form.getByLabel("Назва", { exact: true }).fill("Звичайний CS2");
    await form
      .getByLabel("Адреса підключення", { exact: true })
      .fill(`127.0.0.1:${server.rconPort}`);
    await form.getByLabel("Адреса ігрового сервера", { exact: true }).fill("127.0.0.1");
    await form
      .getByLabel("Порт RCON (ігровий порт, TCP)", { exact: true })
      .fill(String(server.rconPort));
    await form.getByLabel("RCON-пароль", { exact: true }).fill("plain-rcon-pw");
    await page.screenshot({ path: path.join(screenshots, "direct-rcon-form-1366.png") });
    await form.getByRole("button", { name: "Зберегти" }).click();
    await toast(page, "Налаштування сервера збережено.");
    const row = page.getByRole("row").filter({ hasText: "Звичайний CS2" });
    await row.getByText("Пряме RCON (без плагіна)", { exact: false }).waitFor(WAIT);
    await row.getByText("встановлено", { exact: true }).waitFor();
    // Write-only: the password never comes back to the browser.
    expect(await page.content()).not.toContain("plain-rcon-pw");
    await page.keyboard.press("Escape");

    // Select it: online, with what CS2 reports over RCON and the rest shown as unknown.
    await page.getByRole("combobox").first().selectOption({ label: "Звичайний CS2" });
    await openTab(page, "Огляд");
    await page.getByText("Онлайн", { exact: true }).first().waitFor(WAIT);
    await page.getByText("de_mirage", { exact: true }).waitFor(WAIT);
    expect(await page.getByTestId("score-ct").textContent()).toBe("?");
    await page.getByText(/Рахунок і фаза невідомі/).waitFor();
    await page.screenshot({ path: path.join(screenshots, "direct-rcon-dashboard-1366.png") });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({
      path: path.join(screenshots, "direct-rcon-dashboard-360.png"),
      fullPage: true,
    });
    await page.setViewportSize({ width: 1366, height: 900 });

    // Change the map over RCON.
    await openTab(page, "Керування");
    await page.getByLabel("Офіційні мапи").selectOption("de_ancient");
    await page.getByRole("button", { name: "Змінити мапу" }).click();
    const confirmMap = page.getByRole("dialog", { name: "Змінити мапу на Ancient?" });
    await confirmMap.getByRole("button", { name: "Змінити мапу" }).click();
    await toast(page, 'Дія "Зміна мапи" виконана успішно!');
    expect(server.state().map).toBe("de_ancient");
    await openTab(page, "Огляд");
    await page.getByText("de_ancient", { exact: true }).waitFor(WAIT);

    // Kick a player: the list comes from status_json (names, SteamIDs; stats unknown).
    const victim = server.world.connected().find((p) => !p.isBot)!;
    await openTab(page, "Гравці");
    await page.getByText(/Статистика й сторони гравців невідомі/).waitFor(WAIT);
    await page.getByRole("row").filter({ hasText: victim.name }).first().click(WAIT);
    const modal = page.getByRole("dialog");
    await modal.getByText(victim.steamId).waitFor();
    await page.screenshot({ path: path.join(screenshots, "direct-rcon-player-1366.png") });
    await modal.getByRole("button", { name: "Кікнути" }).click();
    const confirmKick = page.getByRole("dialog", { name: "Кікнути гравця?" });
    await confirmKick.getByRole("button", { name: "Кікнути" }).click();
    await toast(page, 'Дія "Кік" виконана успішно!');
    expect(server.world.find(victim.steamId)?.connected).toBe(false);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.keyboard.press("Escape");
    await page.screenshot({
      path: path.join(screenshots, "direct-rcon-players-360.png"),
      fullPage: true,
    });

    expect(server.counters.snapshot().byEndpoint["RCON exec changelevel"]).toBe(1);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
