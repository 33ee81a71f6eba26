/**
 * Browser-test plumbing: Debian's Chromium driven by playwright-core against demo mode (the real
 * web app, the real Convex functions on the in-memory backend, the simulator).
 */
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { startDemo, type DemoHandle } from "../../dev/demo";
import { serveBuild } from "../../dev/bench/web-serve";
import { framingHeaders } from "../../src/config/framing";
import { E2E_WEB_DIR, SITE_HOST_PLACEHOLDER, SYNC_HOST_PLACEHOLDER } from "./web-build";

const CANDIDATES = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/lib/chromium/chromium",
];

/** CHROME_PATH, or the usual install locations; null when there is none. */
export function findChromium(): string | null {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

export const chromiumPath = findChromium();
if (!chromiumPath) {
  const message =
    "\n\n*** BROWSER TESTS SKIPPED: no Chromium found (set CHROME_PATH or `apt-get install chromium`). ***\n\n";
  if (process.env.CI === "true") throw new Error(message);
  console.warn(message);
}

export async function launchBrowser(): Promise<Browser> {
  return await launchBrowserWith([]);
}

/** Chromium with extra command-line switches (e.g. --host-resolver-rules). */
export async function launchBrowserWith(extraArgs: string[]): Promise<Browser> {
  return await chromium.launch({
    executablePath: chromiumPath!,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...extraArgs,
    ],
  });
}

export interface Env {
  demo: DemoHandle;
  browser: Browser;
  url: string;
  stop(): Promise<void>;
}

/** tickMs 0: the simulated match only moves when a test calls `advance()`. */
export async function startEnv(tickMs = 0): Promise<Env> {
  const demo = await startDemo({ ephemeral: true, quiet: true, tickMs, web: false });
  // The production build (web-build.ts), pointed at this demo's backend.
  const web = await serveBuild(E2E_WEB_DIR, {
    replace: [
      [SYNC_HOST_PLACEHOLDER, new URL(demo.backend.url).host],
      [SITE_HOST_PLACEHOLDER, new URL(demo.backend.siteUrl).host],
    ],
    headers: framingHeaders,
  });
  const url = `${web.url}/`;
  // Discord messages link players to the panel (a deployment env var, read at send time).
  process.env.PANEL_URL = url;
  const browser = await launchBrowser();
  return {
    demo,
    browser,
    url,
    async stop() {
      await browser.close();
      await web.close();
      await demo.stop();
    },
  };
}

/**
 * The test file's demo stack and browser (`startEnv`), started before its tests and stopped after
 * them; nothing starts where there is no Chromium (the file's tests are skipped then). Its hooks
 * are registered where it is called, so a file's own set-up runs after the stack is up and its own
 * clean-up (closing its pages) before the stack stops. Read only inside hooks and tests.
 */
export function useDemoEnv(): Env {
  let started: Env | undefined;
  beforeAll(async () => {
    if (chromiumPath) started = await startEnv();
  });
  afterAll(async () => {
    await started?.stop();
  });
  return new Proxy({} as Env, {
    get(_target, key) {
      if (!started) {
        throw new Error("the demo stack is not running (no Chromium, or read too early)");
      }
      return Reflect.get(started, key) as unknown;
    },
  });
}

export async function newPage(
  env: Env,
  opts: { width?: number; height?: number; userAgent?: string } = {},
) {
  const context: BrowserContext = await env.browser.newContext({
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 860 },
    userAgent: opts.userAgent,
    locale: "uk-UA",
  });
  // Playwright's 30 s for a navigation is short for a dev server's first load on a loaded 2-core
  // machine (the browser and unit tests run side by side); a real hang still fails.
  context.setDefaultNavigationTimeout(90_000);
  // The same for a first element (a lazily loaded chunk the dev server transforms on request).
  context.setDefaultTimeout(90_000);
  const page: Page = await context.newPage();
  page.on("pageerror", (e) => console.error("[page error]", e.message));
  return { context, page };
}

/** JSON from the simulator's plugin API of server `index`. */
export async function simJson<T>(env: Env, index: number, path: string): Promise<T> {
  const res = await fetch(`${env.demo.sim.servers[index]!.apiUrl}${path}`);
  return (await res.json()) as T;
}

/**
 * Where the browser tests save screenshots: `docs/screenshots` (the README's pictures) with
 * UPDATE_SCREENSHOTS=1, otherwise `test-results/screenshots`, so a test run leaves the tree clean.
 */
export function screenshotDir(): string {
  const dir = process.env.UPDATE_SCREENSHOTS
    ? path.resolve(import.meta.dirname, "../../docs/screenshots")
    : path.resolve(import.meta.dirname, "../../test-results/screenshots");
  mkdirSync(dir, { recursive: true });
  return dir;
}
