/**
 * Reports and appeals in Chromium against demo mode. A visitor links Steam, reports another player
 * from that player's page (a hostile reason, shown as text), and later appeals a ban a moderator
 * gave them from «Мій профіль». The moderator (360 px) finds the report in the queue with its
 * reporter, claims and resolves it with the ban as its sanction, and accepts the appeal, which
 * lifts the ban on the game server; the visitor (1366 px) reads both outcomes. Neither page
 * scrolls sideways at 360 and 1366 px.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { chromiumPath, newPage, screenshotDir, useDemoEnv } from "./browser";
import { linkSteam, lookAt, signIn } from "./demo-steps";

const WAIT = { timeout: 60_000 };
const PLAYER = "76561198000000301";
const OTHER = "76561198000000302";
const HOSTILE = `<img src=x onerror=alert(1)> @everyone ‮wallhack`;
const shots = screenshotDir();
const env = useDemoEnv();

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: 30_000 });
}

describe.skipIf(!chromiumPath)("reports and appeals", () => {
  test("a visitor reports and appeals; a moderator resolves the report and the appeal", async () => {
    const visitor = await newPage(env, { width: 1366 });
    const moderator = await newPage(env, { width: 360, height: 800 });
    const v = visitor.page;
    const m = moderator.page;
    await signIn(v, env.url, "visitor");
    await linkSteam(v, PLAYER, "Тарас");
    await v.getByText("Акаунт Steam прив'язано.").waitFor(WAIT);
    await v.getByText("Мої покарання").waitFor(WAIT);
    await v.getByText("Покарань і попереджень немає.").waitFor(WAIT);

    // The report, from the other player's page.
    await v.goto(`${env.url}players/${OTHER}`);
    await v.getByRole("button", { name: "Поскаржитися" }).click();
    const dialog = v.getByRole("dialog");
    await dialog.getByLabel("Що сталося").fill(HOSTILE);
    await dialog.getByRole("button", { name: "Надіслати скаргу" }).click();
    await toast(v, "Скаргу надіслано. Її розгляне модератор.");

    // The moderator bans the visitor's Steam account from the moderation tab.
    await signIn(m, env.url, "moderator");
    await m.goto(`${env.url}?tab=moderation&server=server1`);
    const form = m.getByRole("form", { name: "Додати бан" });
    await form.getByLabel("SteamID або посилання на профіль").fill(PLAYER);
    await form.getByLabel("Тривалість бану").selectOption("60");
    await form.getByLabel("Своя причина (необов'язково)").fill("Образи в чаті");
    await form.getByRole("button", { name: "Забанити" }).click();
    await m
      .getByRole("dialog", { name: "Забанити гравця?" })
      .getByRole("button", { name: "Забанити" })
      .click();
    await toast(m, 'Дія "Бан" виконана успішно!');

    // The report is in the queue with its reporter; the hostile reason is text.
    const report = m.getByRole("listitem", { name: OTHER });
    await report.waitFor(WAIT);
    await report.getByText(HOSTILE.replace("‮", "")).waitFor(WAIT);
    expect(await report.textContent()).toContain("Від: Тарас");
    expect(await m.locator("img[src=x]").count()).toBe(0);
    await report.getByRole("button", { name: "Взяти в роботу" }).click();
    await m.getByRole("button", { name: "В роботі" }).click();
    const claimed = m.getByRole("listitem", { name: OTHER });
    await claimed.getByText("Взяв: moderator").waitFor(WAIT);
    await claimed.getByLabel("Рішення").fill("Перевірено демо: підтверджено");
    await claimed.getByRole("button", { name: "Вирішити" }).click();
    await m.getByRole("button", { name: "Вирішені" }).click();
    await m
      .getByRole("listitem", { name: OTHER })
      .getByText(/Перевірено демо/)
      .waitFor(WAIT);

    // The visitor sees the ban in force and appeals it once.
    await v.goto(`${env.url}me`);
    const ban = v.getByRole("listitem", { name: "Бан" });
    await ban.getByText("діє", { exact: true }).waitFor(WAIT);
    expect(await ban.textContent()).toContain("Образи в чаті");
    expect(await ban.textContent()).toContain("видав: модератор");
    await ban.getByRole("button", { name: "Оскаржити" }).click();
    await ban.getByLabel("Чому покарання слід скасувати").fill("Це був мій брат, вибачте");
    await ban.getByRole("button", { name: "Надіслати апеляцію" }).click();
    await toast(v, "Апеляцію надіслано.");
    await ban.getByText("Апеляція на розгляді").waitFor(WAIT);
    await v.getByText("Перевірено демо: підтверджено").waitFor(WAIT);
    await lookAt(v, shots, "conduct-own-record");

    // The moderator accepts the appeal: the ban is lifted on the server.
    const appeal = m
      .getByRole("listitem", { name: "Тарас" })
      .or(m.getByRole("listitem", { name: PLAYER }));
    await appeal.getByText("Це був мій брат, вибачте").waitFor(WAIT);
    await appeal.getByLabel("Причина рішення").fill("Перше порушення, прощаємо");
    await appeal.getByRole("button", { name: "Задовольнити" }).click();
    await m.getByText("Апеляцій немає.").waitFor(WAIT);
    await lookAt(m, shots, "conduct-moderation");
    const bans = env.demo.sim.servers[0]!.state().bans.map((b) => b.steamId);
    expect(bans).not.toContain(PLAYER);

    await v.getByText("Апеляцію задоволено: Перше порушення, прощаємо").waitFor(WAIT);
    await v
      .getByRole("listitem", { name: "Бан" })
      .getByText("минуло", { exact: true })
      .waitFor(WAIT);
    await visitor.context.close();
    await moderator.context.close();
  });
});
