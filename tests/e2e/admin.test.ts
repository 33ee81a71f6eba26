/**
 * The admin console in Chromium against demo mode: the demo admin changes the map, opens the
 * guest-admin panel to a visitor (who may pause but is refused admin-only calls, and the refusal is
 * audited), runs the random picker, and bans/unbans a player on server1 (HTTP plugin type).
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import type { SessionId } from "convex-helpers/server/sessions";
import { ConvexClient } from "convex/browser";
import { ConvexError } from "convex/values";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, test } from "vitest";
import WebSocket from "ws";
import { api } from "../../convex/_generated/api";
import type { WireMatch, WirePlayers } from "../../convex/lib/gameApi";
import { chromiumPath, newPage, simJson, screenshotDir, useDemoEnv } from "./browser";

const screenshots = screenshotDir();
const env = useDemoEnv();
let admin: { page: Page; context: BrowserContext } | undefined;

afterAll(async () => {
  await admin?.context.close();
});

/** One signed-in demo admin for the whole file (signing in is the slow part). */
async function adminPage(): Promise<Page> {
  if (admin) return admin.page;
  admin = await newPage(env);
  const { page } = admin;
  await page.goto(env.url);
  await page.getByRole("button", { name: "Увійти", exact: true }).click();
  await page.getByRole("button", { name: "Увійти як адміністратор (демо)" }).click();
  await page.getByText("Авторизація успішна!").waitFor();
  await page.getByRole("tab", { name: "Керування" }).waitFor();
  return page;
}

async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name, exact: true }).click();
  await expect
    .poll(() => page.getByRole("tab", { name, exact: true }).getAttribute("aria-selected"))
    .toBe("true");
}

async function toast(page: Page, text: string, { exact = true } = {}) {
  await page.getByText(text, { exact }).first().waitFor({ timeout: 15_000 });
}

describe.skipIf(!chromiumPath)("admin console in the browser", () => {
  test("a visitor sees no admin tab", async () => {
    const { page, context } = await newPage(env);
    await page.goto(env.url);
    await page.getByText("Онлайн", { exact: true }).first().waitFor();
    await page.getByRole("tab", { name: "Гравці" }).waitFor();
    expect(await page.getByRole("tab", { name: "Керування" }).count()).toBe(0);
    expect(await page.getByRole("tab", { name: "Журнал аудиту" }).count()).toBe(0);
    await context.close();
  });

  test("the admin changes the map; the simulator and the dashboard show it", async () => {
    const page = await adminPage();
    await openTab(page, "Керування");
    await page.getByRole("heading", { name: "Обслуговування" }).waitFor();

    // A clean screenshot: wait for the sign-in toast to leave.
    await page.getByText("Авторизація успішна!").waitFor({ state: "detached", timeout: 15_000 });
    await page.screenshot({ path: path.join(screenshots, "admin.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(screenshots, "admin-mobile.png"), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 860 });

    // No map chosen: a warning and no call.
    await page.getByRole("button", { name: "Змінити мапу" }).click();
    await toast(page, "Оберіть мапу з випадаючого списку");

    await page.getByLabel("Офіційні мапи").selectOption("de_inferno");
    await page.getByRole("button", { name: "Змінити мапу" }).click();
    // A map change ends the running match: it asks first, naming the map.
    const confirmMap = page.getByRole("dialog", { name: "Змінити мапу на Inferno?" });
    await confirmMap.getByRole("button", { name: "Змінити мапу" }).click();
    await toast(page, 'Дія "Зміна мапи" виконана успішно!');
    await expect
      .poll(async () => (await simJson<WireMatch>(env, 0, "/match")).mapName)
      .toBe("de_inferno");

    await openTab(page, "Огляд");
    await page.getByText("de_inferno", { exact: true }).waitFor({ timeout: 15_000 });
  });

  test("guest admin: a visitor gets only general/match/map, may pause, and is refused admin-only calls", async () => {
    const visitor = await newPage(env);
    await visitor.page.goto(env.url);
    await visitor.page.getByText("Онлайн", { exact: true }).first().waitFor();

    const page = await adminPage();
    await openTab(page, "Керування");
    const guestSwitch = page.getByRole("switch", { name: "Гостьова адмін-панель" });
    await expect.poll(() => guestSwitch.getAttribute("aria-checked")).toBe("false");
    await guestSwitch.click();
    await page
      .getByRole("dialog", { name: "Увімкнути гостьову панель?" })
      .getByRole("button", { name: "Увімкнути" })
      .click();
    await expect.poll(() => guestSwitch.getAttribute("aria-checked")).toBe("true");

    // The visitor, without a reload: the announcement and the admin tab.
    await toast(visitor.page, "Гостьову адмін-панель увімкнено.");
    await openTab(visitor.page, "Керування");
    const headings = visitor.page.getByRole("tabpanel").getByRole("heading", { level: 2 });
    await visitor.page.getByRole("heading", { name: "Мапа", exact: true }).waitFor();
    expect(await headings.allTextContents()).toEqual([
      "Керування матчем",
      "Загальне",
      "Матч",
      "Мапа",
    ]);
    expect(await visitor.page.getByRole("switch", { name: "Чіти (sv_cheats)" }).count()).toBe(0);
    expect(await visitor.page.getByLabel("Команда").count()).toBe(0);

    const pause = visitor.page.getByRole("switch", { name: "Пауза матчу" });
    await expect.poll(() => pause.isEnabled()).toBe(true);
    await pause.click();
    await toast(visitor.page, 'Дія "Пауза матчу" виконана успішно!');
    await expect.poll(() => pause.getAttribute("aria-checked")).toBe("true");
    expect(env.demo.sim.servers[0]!.state().phase).toBe("paused");
    expect((await simJson<WireMatch>(env, 0, "/match")).roundPhase).toBe("paused");

    // An admin-only call made straight to the backend by an anonymous client is refused.
    const client = new ConvexClient(env.demo.backend.url, {
      webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
    });
    try {
      const [server1] = await client.query(api.servers.list, {});
      const error = await client
        .action(api.serverControl.say, {
          serverId: server1!._id,
          sessionId: randomUUID() as SessionId,
          message: "привіт від гостя",
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(ConvexError);
      // The message's key (for the visitor's language) may travel beside it.
      expect((error as ConvexError<{ code: string; message: string }>).data).toMatchObject({
        code: "FORBIDDEN",
        message: "Доступ обмежено. Ця дія вимагає авторизації адміністратора.",
      });
    } finally {
      await client.close();
    }
    expect(env.demo.sim.servers[0]!.state().chat.map((c) => c.message)).not.toContain(
      "привіт від гостя",
    );

    // ...and the refusal is in the admin's audit log.
    await page.getByRole("button", { name: "Журнал аудиту" }).click();
    const audit = page.getByRole("dialog", { name: "Журнал аудиту" });
    const refused = audit
      .getByRole("row")
      .filter({ hasText: "Повідомлення в чат" })
      .filter({ hasText: "Без прав" });
    await refused.first().waitFor();
    expect(await refused.first().textContent()).toMatch(/Anonymous|Анонім|guest/i);
    await page.keyboard.press("Escape");
    await audit.waitFor({ state: "detached" });

    // Unpause and close the guest panel again for the next tests.
    await pause.click();
    await expect.poll(() => pause.getAttribute("aria-checked")).toBe("false");
    await guestSwitch.click();
    await expect.poll(() => guestSwitch.getAttribute("aria-checked")).toBe("false");
    await toast(visitor.page, "Гостьову адмін-панель вимкнено.");
    await visitor.page.getByRole("tab", { name: "Керування" }).waitFor({ state: "detached" });
    await visitor.context.close();
  });

  test("the random picker shuffles, reveals and lists the chosen players", async () => {
    const page = await adminPage();
    const wire = await simJson<WirePlayers>(env, 0, "/players");
    const inTeams = [...wire.terrorists, ...wire.counterTerrorists].map((p) => p.name);
    await openTab(page, "Випадкові гравці");
    const count = page.getByLabel("Кількість гравців");
    await count.waitFor();
    await count.fill("2");
    await page.getByRole("button", { name: "Обрати" }).click();
    await page.getByText("Перемішуємо гравців…").waitFor();
    const dialog = page.getByRole("dialog", { name: "Обрані гравці" });
    await dialog.waitFor({ timeout: 10_000 });
    const chosen = await dialog.getByRole("listitem").allTextContents();
    expect(chosen).toHaveLength(2);
    for (const item of chosen) {
      expect(inTeams.some((name) => item.includes(name))).toBe(true);
      expect(item).toMatch(/(T|CT)$/);
    }
    await page.screenshot({ path: path.join(screenshots, "random.png") });
    await dialog.getByRole("button", { name: "Закрити" }).last().click();
  });

  test("a refused command shows one message in the spec's wording, an unknown one a warning, and the console stays free of errors", async () => {
    const page = await adminPage();
    const consoleErrors: string[] = [];
    const onConsole = (msg: { type(): string; text(): string }) => {
      if (msg.type() === "error") consoleErrors.push(msg.text());
    };
    page.on("console", onConsole);
    try {
      await openTab(page, "Керування");
      const box = page.getByLabel("Команда", { exact: true });
      await box.fill("quit");
      await page.getByRole("button", { name: "Виконати", exact: true }).click();
      await toast(
        page,
        'Помилка виконання дії "Команда": Команда "quit" заборонена з міркувань безпеки.',
      );
      await box.fill("foobar_unknown");
      await page.getByRole("button", { name: "Виконати", exact: true }).click();
      await toast(page, "Сервер не знає команди «foobar_unknown».");
      expect(await page.getByText('Дія "Команда" виконана успішно!').count()).toBe(0);
      expect(consoleErrors).toEqual([]);
    } finally {
      page.off("console", onConsole);
    }
  });

  test("a ban from the player modal shows in the ban list, and unban removes it", async () => {
    const page = await adminPage();
    const wire = await simJson<WirePlayers>(env, 0, "/players");
    const target = wire.counterTerrorists[0] ?? wire.terrorists[0]!;
    await openTab(page, "Гравці");
    await page.getByRole("row", { name: `Відкрити статистику гравця ${target.name}` }).click();
    const modal = page.getByRole("dialog", { name: target.name });
    await modal.getByText(target.steamId).waitFor();
    // One hour is preselected; "forever" is a deliberate choice, and the ban asks first.
    const length = modal.getByLabel("Тривалість бану");
    expect(await length.inputValue()).toBe("60");
    await length.selectOption("0");
    await modal.getByRole("button", { name: "Забанити" }).click();
    const confirmBan = page.getByRole("dialog", { name: "Забанити гравця?" });
    expect(await confirmBan.textContent()).toContain(
      `Гравця ${target.name} (${target.steamId}) буде забанено назавжди.`,
    );
    await confirmBan.getByRole("button", { name: "Забанити" }).click();
    await toast(page, 'Дія "Бан" виконана успішно!');
    expect(env.demo.sim.servers[0]!.state().bans.map((b) => b.steamId)).toContain(target.steamId);
    await page.keyboard.press("Escape");

    await openTab(page, "Керування");
    await page.getByRole("button", { name: "Список банів" }).click();
    const bans = page.getByRole("dialog", { name: "Список банів" });
    const row = bans.getByRole("row").filter({ hasText: target.steamId });
    await row.waitFor();
    expect(await row.textContent()).toContain("Назавжди");
    expect(await row.getByRole("link", { name: "Профіль Steam" }).getAttribute("href")).toBe(
      `https://steamcommunity.com/profiles/${target.steamId}`,
    );
    await row.getByRole("button", { name: /^Розбанити/ }).click();
    const confirm = page.getByRole("dialog", { name: "Розбанити гравця?" });
    await confirm.getByRole("button", { name: "Розбанити", exact: true }).click();
    await toast(page, 'Дія "Розбан" виконана успішно!');
    await row.waitFor({ state: "detached" });
    expect(env.demo.sim.servers[0]!.state().bans.map((b) => b.steamId)).not.toContain(
      target.steamId,
    );
  });
});
