/**
 * Steam-linked accounts in Chromium against demo mode: two demo users link their Steam accounts
 * through the local Steam stand-in's OpenID sign-in (the panel's HTTP action starts it, checks the
 * answer with Steam's check_authentication and sends the browser back to «Мій профіль»), their
 * careers show «Підтверджено через Steam», and a second account cannot take a linked SteamID.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { chromiumPath, newPage, startEnv, type Env } from "./browser";

const WAIT = { timeout: 60_000 };
const SHOTS = process.env.SHOTS_DIR;
let env: Env;

beforeAll(async () => {
  if (!chromiumPath) return;
  env = await startEnv();
});
afterAll(async () => {
  await env?.stop();
});

type Role = "visitor" | "moderator" | "admin";
const ROLE_BUTTON: Record<Role, string> = {
  visitor: "Увійти як відвідувач (демо)",
  moderator: "Увійти як модератор (демо)",
  admin: "Увійти як адміністратор (демо)",
};

export async function signIn(page: Page, url: string, role: Role) {
  await page.goto(`${url}?tab=auth`);
  await page.getByRole("button", { name: ROLE_BUTTON[role] }).click();
  await page.getByText("Авторизація успішна!").waitFor(WAIT);
}

/** «Мій профіль» → «Прив'язати Steam» → the stand-in's sign-in page → back to the panel. */
export async function linkSteam(page: Page, steamId: string, name: string) {
  if (!new URL(page.url()).pathname.endsWith("/me")) {
    await page.getByRole("link", { name: "Мій профіль" }).first().click();
  }
  await page.getByRole("button", { name: "Прив'язати Steam" }).click();
  await page.getByLabel("SteamID64").fill(steamId);
  await page.getByLabel("Ім'я в Steam").fill(name);
  await page.getByRole("button", { name: "Увійти" }).click();
  await page.waitForURL(/\/me$/, WAIT);
}

describe.skipIf(!chromiumPath)("Steam-linked accounts", () => {
  test("two users link Steam; careers are verified; a linked SteamID cannot be taken", async () => {
    const a = await newPage(env, { width: 1366 });
    const b = await newPage(env, { width: 360, height: 800 });
    await signIn(a.page, env.url, "visitor");
    await signIn(b.page, env.url, "moderator");

    await linkSteam(a.page, "76561198000000101", "Тарас");
    await a.page.getByText("Акаунт Steam прив'язано.").waitFor(WAIT);
    // «Мій профіль» is now the player's career, marked as verified, with the Steam name.
    await a.page.getByText("Підтверджено через Steam").waitFor(WAIT);
    await a.page.getByText("Тарас").waitFor(WAIT);
    expect(a.page.url()).toMatch(/\/me$/);

    // The moderator tries the visitor's SteamID first: refused, and nothing is linked.
    await linkSteam(b.page, "76561198000000101", "Хтось");
    await b.page
      .getByText("Цей акаунт Steam уже прив'язаний до іншого користувача панелі.")
      .waitFor(WAIT);
    await b.page.getByRole("button", { name: "Прив'язати Steam" }).waitFor(WAIT);
    await linkSteam(b.page, "76561198000000202", "Оксана");
    await b.page.getByText("Підтверджено через Steam").waitFor(WAIT);
    if (SHOTS) await b.page.screenshot({ path: `${SHOTS}/me-linked-360.png`, fullPage: true });
    expect(
      await b.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);

    // Anyone sees the verified mark on the career page.
    const visitor = await newPage(env, { width: 1366 });
    await visitor.page.goto(`${env.url}players/76561198000000202`);
    await visitor.page.getByText("Підтверджено через Steam").waitFor(WAIT);
    await visitor.page.goto(`${env.url}players/76561198000000303`);
    await visitor.page.getByText("Кар'єра гравця").first().waitFor(WAIT);
    expect(await visitor.page.getByText("Підтверджено через Steam").count()).toBe(0);

    // Each sign-in was confirmed with the provider's check_authentication exactly once.
    const checks = (await (await fetch(`${env.demo.steam.url}/checks`)).json()) as unknown[];
    expect(checks.length).toBe(3);

    for (const c of [a, b, visitor]) await c.context.close();
  });
});
