/** What several browser tests do the same way on the demo: sign in, link Steam, look at a page. */
import type { Page } from "playwright-core";
import { expect } from "vitest";

const WAIT = { timeout: 90_000 };

export type DemoRole = "visitor" | "moderator" | "admin";
const ROLE_LABEL: Record<DemoRole, string> = {
  visitor: "відвідувач",
  moderator: "модератор",
  admin: "адміністратор",
};

/** The «Вхід» tab's demo sign-in, until its success toast. */
export async function signIn(page: Page, url: string, role: DemoRole) {
  await page.goto(`${url}?tab=auth`);
  await page.getByRole("button", { name: `Увійти як ${ROLE_LABEL[role]} (демо)` }).click();
  await page.getByText("Авторизація успішна!").waitFor(WAIT);
}

/** «Мій профіль» → «Прив'язати Steam» → the Steam stand-in's sign-in → back on «Мій профіль». */
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

/**
 * The page at 1366 and 360 px: no sideways scroll, whatever else `check` asserts at each width,
 * and a full-page screenshot `<file>-<width>.png` in `dir`; back at 1366 px afterwards.
 */
export async function lookAt(
  page: Page,
  dir: string,
  file: string,
  check?: (page: Page, where: string) => Promise<void>,
) {
  for (const width of [1366, 360]) {
    await page.setViewportSize({ width, height: 860 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      `${file} at ${width}px`,
    ).toBe(true);
    await check?.(page, `${file} at ${width}px`);
    await page.screenshot({ path: `${dir}/${file}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 860 });
}
