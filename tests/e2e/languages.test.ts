/**
 * The panel in English and in Ukrainian, in Chromium against demo mode, at 1366 and 360 px:
 * - a Ukrainian browser gets Ukrainian, an English one English (the browser's language);
 * - the header's switch changes every text at once, without a reload, and the choice survives one;
 * - the live score stays on screen through the switch, and neither layout scrolls sideways.
 * Screenshots: panel-<lang>-<width>.png.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { chromiumPath, screenshotDir, useDemoEnv } from "./browser";

const WAIT = { timeout: 30_000 };

const env = useDemoEnv();

async function open(locale: string, width: number): Promise<Page> {
  const context = await env.browser.newContext({
    viewport: { width, height: width > 400 ? 900 : 800 },
    locale,
  });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("[page error]", e.message));
  await page.goto(env.url);
  await page.getByTestId("score-ct").waitFor(WAIT);
  return page;
}

const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.skipIf(!chromiumPath)("languages", () => {
  for (const width of [1366, 360]) {
    test(`at ${width} px: the browser's language, the switch, remembered after a reload`, async () => {
      const page = await open("uk-UA", width);
      try {
        await page.getByRole("tab", { name: "Огляд" }).waitFor(WAIT);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe("uk");
        expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
        await page.screenshot({ path: path.join(screenshotDir(), `panel-uk-${width}.png`) });

        await page.getByLabel("Мова").selectOption("en");
        await page.getByRole("tab", { name: "Overview" }).waitFor(WAIT);
        await page.getByText("Current match").waitFor(WAIT);
        await page.getByTestId("score-ct").waitFor(WAIT);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
        expect(await page.title()).toBe("CS2 Panel");
        expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
        await page.screenshot({ path: path.join(screenshotDir(), `panel-en-${width}.png`) });

        await page.reload();
        await page.getByRole("tab", { name: "Overview" }).waitFor(WAIT);
        await page.getByLabel("Language").selectOption("uk");
        await page.getByRole("tab", { name: "Огляд" }).waitFor(WAIT);
      } finally {
        await page.context().close();
      }
    });
  }

  test("an English browser gets English on its first visit; ?lang=uk overrides it", async () => {
    const page = await open("en-US", 1366);
    try {
      await page.getByRole("tab", { name: "Overview" }).waitFor(WAIT);
      await page.goto(`${env.url}/?lang=uk`);
      await page.getByRole("tab", { name: "Огляд" }).waitFor(WAIT);
    } finally {
      await page.context().close();
    }
  });
});
