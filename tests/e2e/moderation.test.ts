/**
 * Moderation in Chromium against demo mode: the demo moderator (a moderator through
 * MODERATOR_EMAILS) bans a player from the player modal with a preset reason and duration; the ban
 * reaches the simulator with that reason and the sanction shows in the player's history. The
 * moderator is offered neither "forever" nor the admin tabs. The moderation tab: bans by SteamID
 * within the moderator's maximum, unban of their own ban, no unban of an admin's; mute and gag on
 * a server that runs CS2-SimpleAdmin, hidden on one that does not.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import type { WirePlayers } from "../../convex/lib/gameApi";
import { isSteamId64 } from "../../convex/lib/steamId";
import { chromiumPath, newPage, simJson, screenshotDir, useDemoEnv } from "./browser";

const screenshots = screenshotDir();
const env = useDemoEnv();

const SHOTS = "/work/shots/23";

async function signIn(page: Page, who: "адміністратор" | "модератор") {
  await page.goto(`${env.url}?tab=auth`);
  await page.getByRole("button", { name: `Увійти як ${who} (демо)` }).click();
  await page.getByText("Авторизація успішна!").waitFor();
}

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: 15_000 });
}

/** Humans on server 1 other than the one the first test bans. */
async function humans(): Promise<{ steamId: string; name: string }[]> {
  const wire = await simJson<WirePlayers>(env, 0, "/players");
  const taken = (wire.counterTerrorists[0] ?? wire.terrorists[0])?.steamId;
  return [...wire.terrorists, ...wire.counterTerrorists, ...wire.spectators].filter(
    (p) => isSteamId64(p.steamId) && p.steamId !== taken,
  );
}

async function shoot(page: Page, name: string) {
  if (!process.env.SHOTS_23) return;
  await page.screenshot({ path: path.join(SHOTS, `${name}-1366.png`), fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: path.join(SHOTS, `${name}-360.png`), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 860 });
}

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

    // The modal closes once the server has banned the player; opened again, it lists the ban.
    await modal.waitFor({ state: "hidden", timeout: 15_000 });
    await page.getByRole("row", { name: `Відкрити статистику гравця ${target.name}` }).click();
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

  test("the moderation tab: a moderator bans within their maximum and lifts their own ban, not an admin's", async () => {
    const [byAdmin, byModerator] = await humans();
    const admin = await newPage(env, { width: 1366 });
    await signIn(admin.page, "адміністратор");
    await admin.page.goto(`${env.url}?tab=moderation&server=server1`);
    const adminForm = admin.page.getByRole("form", { name: "Додати бан" });
    await adminForm.getByLabel("SteamID або посилання на профіль").fill(byAdmin!.steamId);
    await adminForm.getByLabel("Тривалість бану").selectOption("1440");
    await adminForm.getByRole("button", { name: "Забанити" }).click();
    await admin.page
      .getByRole("dialog", { name: "Забанити гравця?" })
      .getByRole("button", { name: "Забанити" })
      .click();
    await toast(admin.page, 'Дія "Бан" виконана успішно!');
    await admin.context.close();

    const { page, context } = await newPage(env, { width: 1366 });
    await signIn(page, "модератор");
    await openTab(page, "Модерація");
    const form = page.getByRole("form", { name: "Додати бан" });
    await form.getByLabel("SteamID або посилання на профіль").fill(byModerator!.steamId);
    // The form offers only what the backend allows and names the maximum when asked for more.
    const length = form.getByLabel("Тривалість бану");
    expect(await length.locator("option").allTextContents()).not.toContain("Назавжди");
    await length.selectOption("custom");
    await form.getByLabel("Тривалість, хв (до 10080)").fill("99999999");
    await form.getByRole("button", { name: "Забанити" }).click();
    await form.getByText("Вкажіть ціле число хвилин від 1 до 10080 (ваш максимум).").waitFor();
    await length.selectOption("60");
    await form.getByLabel("Своя причина (необов'язково)").fill("Спам у голосовому чаті");
    await form.getByRole("button", { name: "Забанити" }).click();
    const confirm = page.getByRole("dialog", { name: "Забанити гравця?" });
    expect(await confirm.textContent()).toContain("Причина: Спам у голосовому чаті.");
    await confirm.getByRole("button", { name: "Забанити" }).click();
    await toast(page, 'Дія "Бан" виконана успішно!');

    // The list is the game server's, merged with our records: who and why.
    const table = page.getByRole("table", { name: "Список банів" });
    const own = table.getByRole("row").filter({ hasText: byModerator!.steamId });
    const admins = table.getByRole("row").filter({ hasText: byAdmin!.steamId });
    await own.waitFor();
    await admins.waitFor();
    expect(await own.textContent()).toContain("moderator (модератор)");
    expect(await own.textContent()).toContain("Спам у голосовому чаті");
    expect(await admins.textContent()).toContain("admin (адміністратор)");
    expect(await admins.textContent()).toContain("лише адміністратор");
    expect(await admins.getByRole("button", { name: /Розбанити/ }).count()).toBe(0);
    await shoot(page, "moderation-tab");

    await own.getByRole("button", { name: /^Розбанити/ }).click();
    await page
      .getByRole("dialog", { name: "Розбанити гравця?" })
      .getByRole("button", { name: "Розбанити", exact: true })
      .click();
    await toast(page, 'Дія "Розбан" виконана успішно!');
    await own.waitFor({ state: "detached" });
    const bans = env.demo.sim.servers[0]!.state().bans.map((b) => b.steamId);
    expect(bans).not.toContain(byModerator!.steamId);
    expect(bans).toContain(byAdmin!.steamId);
    // The tab's history keeps the lifted ban.
    const recent = page.getByRole("heading", { name: "Нещодавні покарання на цьому сервері" });
    await recent.waitFor();
    await context.close();
  });

  test("mute and gag on a server that runs CS2-SimpleAdmin; hidden on one that does not", async () => {
    const players = await humans();
    const target = players[players.length - 1]!;
    const { page, context } = await newPage(env, { width: 1366 });
    await signIn(page, "модератор");
    await page.goto(`${env.url}?tab=players&server=server1`);
    await page.getByRole("row", { name: `Відкрити статистику гравця ${target.name}` }).click();
    const modal = page.getByRole("dialog", { name: target.name });
    const comms = modal.getByRole("form", { name: "Мут, гег, мовчання" });
    await comms.getByLabel("Обмеження").selectOption("gag");
    await comms.getByLabel("Тривалість", { exact: true }).selectOption("30");
    await comms.getByLabel("Своя причина (необов'язково)").fill("Реклама в чаті");
    await comms.getByRole("button", { name: "Гег" }).click();
    await page
      .getByRole("dialog", { name: "Вимкнути гравцю текстовий чат?" })
      .getByRole("button", { name: "Гег" })
      .click();
    await toast(page, 'Дія "Гег" виконана успішно!');
    const blocks = () => env.demo.sim.servers[0]!.state().comms;
    expect(blocks()).toEqual([
      expect.objectContaining({
        steamId: target.steamId,
        type: "gag",
        duration: "30",
        reason: "Реклама в чаті",
      }),
    ]);
    await modal.getByRole("region", { name: "Історія покарань" }).getByText("Гег").waitFor();
    await shoot(page, "comms-modal");
    await page.keyboard.press("Escape");

    await openTab(page, "Модерація");
    const active = page.getByRole("region", { name: "Діють зараз" });
    await active.getByText(target.name).waitFor();
    await active.getByRole("button", { name: `Зняти Гег: ${target.name}` }).click();
    await page
      .getByRole("dialog", { name: "Зняти обмеження?" })
      .getByRole("button", { name: "Зняти" })
      .click();
    await toast(page, 'Дія "Зняття гегу" виконана успішно!');
    await expect.poll(() => blocks().length).toBe(0);
    await active.getByText("Зараз ні мутів, ні гегів.").waitFor();

    // Server #2 has no CS2-SimpleAdmin: the tab says so and offers no controls.
    await page.goto(`${env.url}?tab=moderation&server=server2`);
    await page.getByText(/На цьому сервері не позначено CS2-SimpleAdmin/).waitFor();
    expect(await page.getByRole("form", { name: "Мут, гег, мовчання" }).count()).toBe(0);
    await context.close();
  });
});
