/**
 * A production build configured for Clerk whose host cannot be reached (its name resolves to a
 * closed local port): spectators get the live score without waiting for sign-in, and after the
 * bounded wait the header says sign-in is unavailable instead of a grey placeholder for good.
 * Clerk arriving late cannot be loaded offline (clerk-js needs Clerk's Frontend API); the web test
 * clerk-auth-provider.test.tsx covers that sign-in appears without a reload once Clerk reports in.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Browser } from "playwright-core";
import { buildWeb, serveBuild, type Served } from "../../dev/bench/web-serve";
import { startDemo, type DemoHandle } from "../../dev/demo";
import { chromiumPath, launchBrowserWith } from "./browser";

const root = path.resolve(import.meta.dirname, "../..");
let demo: DemoHandle;
let browser: Browser;
let served: Served;

describe.skipIf(!chromiumPath)("Clerk unreachable", () => {
  beforeAll(async () => {
    demo = await startDemo({ ephemeral: true, quiet: true, web: false });
    const out = path.join(root, "node_modules/.e2e-clerk-unavailable");
    buildWeb(out, {
      VITE_CONVEX_URL: demo.backend.url,
      VITE_CONVEX_SITE_URL: demo.backend.siteUrl,
      VITE_DEMO_AUTH: "",
      VITE_CLERK_PUBLISHABLE_KEY: `pk_test_${Buffer.from("clerk.unreachable.test$").toString("base64")}`,
    });
    served = await serveBuild(out);
    browser = await launchBrowserWith([
      `--host-resolver-rules=MAP clerk.unreachable.test 127.0.0.1:9`,
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await served?.close();
    await demo?.stop();
  });

  test("the score shows at once and the header then says sign-in is unavailable", async () => {
    const context = await browser.newContext({ locale: "uk-UA" });
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on("console", (m) => void (m.type() === "warning" && warnings.push(m.text())));
    await page.goto(served.url + "/");
    await page.waitForFunction(
      () => /\d/.test(document.querySelector('[data-testid="score-ct"]')?.textContent ?? ""),
      undefined,
      { timeout: 30_000 },
    );
    await page.getByTestId("sign-in-unavailable").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("sign-in-unavailable").textContent()).toBe(
      "Вхід тимчасово недоступний",
    );
    expect(await page.getByRole("button", { name: "Увійти" }).count()).toBe(0);
    expect(warnings.some((w) => w.startsWith("Sign-in unavailable"))).toBe(true);
    await context.close();
  });
});
