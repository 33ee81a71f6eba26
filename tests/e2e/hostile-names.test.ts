/**
 * Hostile player names in Chromium against demo mode: markup, a chat mention, a bidi override and
 * zero-width characters join server1 through the simulator's control API, and a tournament player
 * joins with a markup nickname. Every screen that shows them must show the literal text: the
 * players table, the player modal, the random picker, the audit log, the ban list and the
 * tournament teams. On Server #3 (plain CS2, its HTTP log on) a hostile-named player types hostile
 * chat and a `!report` of another hostile-named player: the staff's chat log, report queue and
 * the player's page show both as text. No element may be created from a name or chat, and no
 * injected script may run.
 */
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { WirePlayer, WirePlayers } from "../../convex/lib/gameApi";
import { isSteamId64 } from "../../convex/lib/steamId";
import { chromiumPath, newPage, simJson, useDemoEnv } from "./browser";

const HOSTILE = [
  '<img src=x onerror="window.__xss=1">',
  "<script>window.__xss=2</script>",
  "@everyone",
  "\u202Eevil\u202C",
  "a\u200Bb\u200Dc",
] as const;
const [IMG, SCRIPT, EVERYONE, RTL, ZERO_WIDTH] = HOSTILE;
/** Accepted by the tournament's nickname rules (convex/model/tournament/roster.ts): no bidi controls. */
const MARKUP_NICKNAME = "<b onmouseover=alert(1)>x</b>";
const NICKNAME_REFUSED = "Нікнейм містить недопустимі символи.";
const WAIT = { timeout: 20_000 };

const env = useDemoEnv();
const opened: Array<{ page: Page; context: BrowserContext }> = [];
/** `alert()` and friends, from any page: an injected handler that ran would land here. */
const alerts: string[] = [];
const added = new Map<string, WirePlayer>();
let admin: Page;

beforeAll(async () => {
  if (!chromiumPath) return;
  // Through the control API, as any tool would: five humans with hostile names, on T and CT.
  for (const [i, name] of HOSTILE.entries()) {
    const res = await fetch(`${env.demo.sim.controlUrl}/servers/server1/players`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name, side: i % 2 === 0 ? "T" : "CT" }),
    });
    expect(res.status).toBe(201);
    const player = (await res.json()) as WirePlayer;
    expect(player.name).toBe(name);
    added.set(name, player);
  }
});
afterAll(async () => {
  for (const { context } of opened) await context.close();
});

async function open(url: string): Promise<Page> {
  const handle = await newPage(env);
  opened.push(handle);
  handle.page.on("dialog", (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  await handle.page.goto(url);
  return handle.page;
}

async function signInAdmin(page: Page) {
  await page.getByRole("button", { name: "Увійти", exact: true }).click();
  await page.getByRole("button", { name: "Увійти як адміністратор (демо)" }).click();
  await page.getByText("Авторизація успішна!").waitFor();
  await page.getByRole("tab", { name: "Керування" }).waitFor();
}

async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name, exact: true }).click();
  await expect
    .poll(() => page.getByRole("tab", { name, exact: true }).getAttribute("aria-selected"))
    .toBe("true");
}

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor(WAIT);
}

/**
 * Waits until `scope` (its first match) or an element inside it has exactly `text` as its
 * textContent (`partial`: contains it). Compared in the page, so zero-width and bidi characters
 * count as written.
 */
async function expectText(scope: Locator, text: string, partial = false) {
  await expect
    .poll(
      () =>
        scope
          .first()
          .evaluate(
            (root, [wanted, contains]) =>
              [root, ...Array.from(root.querySelectorAll("*"))].some((el) =>
                contains ? (el.textContent ?? "").includes(wanted) : el.textContent === wanted,
              ),
            [text, partial] as const,
            { timeout: 2_000 },
          )
          .catch(() => false),
      WAIT,
    )
    .toBe(true);
}

/**
 * Nothing parsed from a name: no `<b>` (the app renders none) and no inline `<script>` in the
 * body (the app root and its dialogs), no image but the app's logo, no inline event handler, and
 * no script ran.
 */
async function expectNoMarkup(page: Page) {
  const leaks = await page.evaluate(() => {
    const body = document.body;
    const found = [
      ...Array.from(body.querySelectorAll("b")),
      // Inline scripts in <body> (the dev server's own inline script sits in <head>).
      ...Array.from(body.querySelectorAll("script")).filter((s) => !s.hasAttribute("src")),
      ...Array.from(document.querySelectorAll("script")).filter((s) =>
        (s.textContent ?? "").includes("__xss"),
      ),
      ...Array.from(document.querySelectorAll("img")).filter(
        (img) => img.getAttribute("src") !== "/favicon.svg",
      ),
      ...Array.from(document.querySelectorAll("[onerror], [onmouseover], [onload], [onclick]")),
    ];
    return found.map((el) => el.outerHTML.slice(0, 200));
  });
  expect(leaks).toEqual([]);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(alerts).toEqual([]);
}

/** The players-table row whose name cell is exactly `name`. */
async function playerRow(page: Page, name: string): Promise<Locator> {
  const rows = page.locator("tbody tr");
  let index = -1;
  await expect
    .poll(async () => {
      index = await rows.evaluateAll(
        (trs, wanted) =>
          trs.findIndex((tr) =>
            Array.from(tr.querySelectorAll("td")).some((td) => td.textContent === wanted),
          ),
        name,
      );
      return index;
    }, WAIT)
    .toBeGreaterThanOrEqual(0);
  return rows.nth(index);
}

async function openPlayer(page: Page, name: string): Promise<Locator> {
  await (await playerRow(page, name)).click();
  const modal = page.getByRole("dialog");
  await modal.getByText(added.get(name)!.steamId).waitFor(WAIT);
  return modal;
}

async function closeDialog(page: Page, dialog: Locator) {
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden", ...WAIT });
}

describe.skipIf(!chromiumPath)("hostile names render as text", () => {
  test("players table and player modal", { timeout: 120_000 }, async () => {
    admin = await open(env.url);
    await signInAdmin(admin);
    await openTab(admin, "Гравці");
    const table = admin.locator("tbody");
    for (const name of HOSTILE) await expectText(table, name);
    await expectNoMarkup(admin);

    for (const name of HOSTILE) {
      const modal = await openPlayer(admin, name);
      // The title is the name, as text.
      await expectText(modal.getByRole("heading", { level: 2 }), name);
      await expectNoMarkup(admin);
      await closeDialog(admin, modal);
    }
  });

  test("random picker (admin) and its audit entry", { timeout: 120_000 }, async () => {
    const wire = await simJson<WirePlayers>(env, 0, "/players");
    // The picker leaves bots out unless asked; the hostile names are all people.
    const inTeams = [...wire.terrorists, ...wire.counterTerrorists].filter((p) =>
      isSteamId64(p.steamId),
    );
    for (const name of HOSTILE) expect(inTeams.map((p) => p.name)).toContain(name);

    await openTab(admin, "Випадкові гравці");
    // Everyone in T and CT, so every hostile name is drawn.
    await admin.getByText(`Доступно в командах T і CT: ${inTeams.length}`).waitFor(WAIT);
    await admin.getByLabel("Кількість гравців").fill(String(inTeams.length));
    await admin.getByRole("button", { name: "Обрати" }).click();
    // The shuffle cycles every name through the slots: text too.
    await admin.getByText("Перемішуємо гравців…").waitFor(WAIT);
    await expectNoMarkup(admin);
    const result = admin.getByRole("dialog", { name: "Обрані гравці" });
    await result.waitFor({ timeout: 30_000 });
    expect(await result.getByRole("listitem").count()).toBe(inTeams.length);
    for (const name of HOSTILE) await expectText(result.getByRole("list"), name);
    await expectNoMarkup(admin);
    await result.getByRole("button", { name: "Закрити" }).last().click();
    await result.waitFor({ state: "hidden", ...WAIT });

    // The audit log keeps the drawn names in the entry's details.
    await openTab(admin, "Керування");
    await admin.getByRole("button", { name: "Журнал аудиту" }).click();
    const audit = admin.getByRole("dialog", { name: "Журнал аудиту" });
    const drawn = audit.getByRole("row").filter({ hasText: "Випадкові гравці" }).first();
    await drawn.waitFor(WAIT);
    for (const name of HOSTILE) await expectText(drawn, name, true);
    await expectNoMarkup(admin);
    await closeDialog(admin, audit);
  });

  test(
    "kick and ban (player modal), the ban list and the audit log",
    { timeout: 120_000 },
    async () => {
      await openTab(admin, "Гравці");
      const kicked = added.get(EVERYONE)!;
      let modal = await openPlayer(admin, EVERYONE);
      await modal.getByRole("button", { name: "Кікнути" }).click();
      // The confirmation names the player: as text too.
      const confirmKick = admin.getByRole("dialog", { name: "Кікнути гравця?" });
      await expectText(confirmKick, EVERYONE, true);
      await expectNoMarkup(admin);
      await confirmKick.getByRole("button", { name: "Кікнути" }).click();
      await toast(admin, 'Дія "Кік" виконана успішно!');
      await closeDialog(admin, modal);
      await expect
        .poll(async () =>
          (await simJson<WirePlayers>(env, 0, "/players")).offline.map((p) => p.name),
        )
        .toContain(EVERYONE);

      // A finite ban, so the ban list shows its length and end.
      const banned = added.get(SCRIPT)!;
      modal = await openPlayer(admin, SCRIPT);
      await modal.getByLabel("Тривалість бану").selectOption("60");
      await modal.getByRole("button", { name: "Забанити" }).click();
      const confirmBan = admin.getByRole("dialog", { name: "Забанити гравця?" });
      await expectText(confirmBan, SCRIPT, true);
      await expectNoMarkup(admin);
      await confirmBan.getByRole("button", { name: "Забанити" }).click();
      await toast(admin, 'Дія "Бан" виконана успішно!');
      await closeDialog(admin, modal);
      expect(env.demo.sim.servers[0]!.state().bans).toEqual([
        expect.objectContaining({ steamId: banned.steamId, duration: "60" }),
      ]);

      await openTab(admin, "Керування");
      await admin.getByRole("button", { name: "Список банів" }).click();
      const bans = admin.getByRole("dialog", { name: "Список банів" });
      const row = bans.getByRole("row").filter({ hasText: banned.steamId });
      await row.waitFor(WAIT);
      // The nickname cell is the name, as text; the duration is the finite one.
      await expectText(row.getByRole("cell").first(), SCRIPT);
      await expectText(row, "1 год");
      await expectNoMarkup(admin);
      await closeDialog(admin, bans);

      await admin.getByRole("button", { name: "Журнал аудиту" }).click();
      const audit = admin.getByRole("dialog", { name: "Журнал аудиту" });
      // Kick and ban entries name the player ("name (SteamID64)"), as text.
      await audit
        .getByRole("row")
        .filter({ hasText: "Кік" })
        .filter({ hasText: kicked.steamId })
        .waitFor(WAIT);
      await audit
        .getByRole("row")
        .filter({ hasText: "Бан" })
        .filter({ hasText: `${banned.steamId}), 1 год.` })
        .waitFor(WAIT);
      await expectNoMarkup(admin);
      await closeDialog(admin, audit);

      // Back on the players table, the kicked and the banned player are still listed by name.
      await openTab(admin, "Гравці");
      for (const name of [EVERYONE, SCRIPT, IMG, RTL, ZERO_WIDTH]) {
        await expectText(admin.locator("tbody"), name);
      }
      await expectNoMarkup(admin);
    },
  );

  test(
    "tournament: a refused nickname, then a markup nickname in the teams",
    { timeout: 120_000 },
    async () => {
      await openTab(admin, "Бан/пік мап");
      await admin.getByRole("button", { name: "Створити турнір" }).click();
      await admin.getByRole("heading", { name: "Очікуємо команди" }).waitFor(WAIT);

      const player = await open(`${env.url}?tab=map_ban_pick`);
      await player.getByRole("heading", { name: "Очікуємо команди" }).waitFor(WAIT);
      await player.getByRole("button", { name: "Приєднатися до команди A" }).click();
      const dialog = player.getByRole("dialog");
      const input = dialog.getByRole("textbox", { name: "Нікнейм у Steam" });
      await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);

      // A bidi override is refused by the backend, in Ukrainian; nobody joins.
      await input.fill(RTL);
      await input.press("Enter");
      await toast(player, NICKNAME_REFUSED);
      await expectNoMarkup(player);
      const teamA = (page: Page) => page.getByRole("region", { name: "Команда A" });
      await expectText(teamA(player), "0/2");
      expect(await teamA(player).getByText(/evil/).count()).toBe(0);

      // Markup is allowed as a nickname, and shown as text.
      await input.fill(MARKUP_NICKNAME);
      await input.press("Enter");
      await player.getByText(`Ви в команді A як ${MARKUP_NICKNAME}`, { exact: true }).waitFor(WAIT);
      for (const page of [player, admin]) {
        await expectText(teamA(page).getByRole("list"), MARKUP_NICKNAME);
        const history = page.getByRole("list", { name: "Історія кроків" });
        await expectText(history, `новий гравець: ${MARKUP_NICKNAME}`, true);
        // Hovering the name would fire an injected onmouseover.
        await teamA(page).getByText(MARKUP_NICKNAME, { exact: true }).hover();
        await expectNoMarkup(page);
      }
    },
  );

  test(
    "chat and an in-game report from the CS2 log: chat log, report queue, player page",
    { timeout: 180_000 },
    async () => {
      // No double quotes: CS2 writes a name and a message between quotes, unescaped.
      const reporterName = "<img src=x onerror=alert(3)>";
      const targetName = "\u202Echeat\u202C";
      const chat = "<script>window.__xss=5</script> @everyone \u202Eреверс";
      const reason = "<img src=y onerror=alert(4)> @here";
      // The log parser drops bidi controls from chat text (names keep them, shown as text).
      const shownChat = chat.replace("\u202E", "");
      const join = async (name: string) => {
        const res = await fetch(`${env.demo.sim.controlUrl}/servers/server3/players`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name }),
        });
        expect(res.status).toBe(201);
        return (await res.json()) as WirePlayer;
      };
      const reporter = await join(reporterName);
      const target = await join(targetName);

      const staff = await open(`${env.url}?tab=auth`);
      await staff.getByRole("button", { name: "Увійти як модератор (демо)" }).click();
      await staff.getByText("Авторизація успішна!").waitFor(WAIT);
      // The report names a player the panel already sees on the server.
      await staff.goto(`${env.url}?tab=players&server=server3`);
      await expectText(staff.locator("tbody"), targetName);
      await expectText(staff.locator("tbody"), reporterName);

      const s3 = env.demo.sim.server("server3");
      const speaker = s3.world.find(reporter.steamId)!;
      s3.world.playerSay(speaker, chat);
      s3.world.playerSay(speaker, `!report ${targetName} ${reason}`);
      await s3.settled();

      await staff.goto(`${env.url}?tab=moderation&server=server3`);
      const chatLog = staff.getByRole("list", { name: "Чат серверу", exact: true });
      await expectText(chatLog, shownChat);
      await expectText(chatLog, reporterName);
      expect(await chatLog.textContent()).not.toContain("\u202E");
      await expectNoMarkup(staff);

      const report = staff.locator("li[aria-label]").filter({ hasText: "@here" });
      // The reported player, resolved from the name typed: a link to their page, named as text.
      await expectText(report.locator(`a[href$="/players/${target.steamId}"]`), targetName);
      await expectText(report, reason, true);
      await expectText(report, reporterName, true);
      // The chat before the report, kept with it.
      await expectText(report.getByRole("list", { name: "Чат перед скаргою" }), shownChat);
      await expectNoMarkup(staff);

      // The reporter's page: their chat (the staff's «Чат гравця» card), as text.
      await staff.goto(`${env.url}players/${reporter.steamId}`);
      const ownChat = staff.getByRole("list", { name: "Чат серверу", exact: true });
      await expectText(ownChat, shownChat);
      await expectText(staff.locator("body"), reporterName);
      await expectNoMarkup(staff);
    },
  );

  test("no injected script ran anywhere", async () => {
    expect(opened.length).toBeGreaterThanOrEqual(2);
    for (const { page } of opened) await expectNoMarkup(page);
    expect(alerts).toEqual([]);
  });
});
