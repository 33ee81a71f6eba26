/**
 * `npm run bench:web [-- --runs N]`: what a spectator on a phone waits for, on production builds.
 * Builds the panel (and the overlay's own page) twice, with the demo sign-in and with Clerk whose
 * host hangs (a TCP port that accepts and never answers), serves each gzip-compressed, and loads
 * `/`, `/overlay/server1` and a match page cold in Chromium with a mid-range phone profile: 4× CPU
 * slowdown, 150 ms round trip, 1.6 Mbps down / 750 kbps up. Chromium's throttling does not delay
 * WebSocket frames, so the Convex socket goes through a local proxy that delays every chunk by half
 * the round trip each way (and the connection by one round trip). Against the in-memory backend
 * and the simulator (demo mode, web off). Prints one JSON line: median/min/max of the time to the
 * live score and of first contentful paint, and the gzip bytes of the JS each page loaded.
 */
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { startDemo } from "../demo";
import { findChromium } from "../../tests/e2e/browser";
import { buildWeb, delayingProxy, hangingHost, RTT_MS, serveBuild, type Served } from "./web-serve";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const argv = process.argv.slice(2);
const runsArg = argv.indexOf("--runs");
const RUNS = runsArg >= 0 ? Math.max(1, Number(argv[runsArg + 1]) || 5) : 5;
const DOWN_BPS = 1_600_000;
const UP_BPS = 750_000;
const CPU_SLOWDOWN = 4;

type Stats = { median: number; min: number; max: number };
function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return {
    median: Math.round(median),
    min: Math.round(sorted[0]!),
    max: Math.round(sorted.at(-1)!),
  };
}

interface Load {
  /** ms from navigation start until `selector` shows a number; null when not asked. */
  readyMs: number | null;
  fcpMs: number;
  jsGzipBytes: number;
}

async function coldLoad(
  browser: Browser,
  served: Served,
  pathname: string,
  readySelector: string | null,
): Promise<Load> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 2.6,
    isMobile: true,
    hasTouch: true,
    locale: "uk-UA",
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: RTT_MS,
      downloadThroughput: DOWN_BPS / 8,
      uploadThroughput: UP_BPS / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    served.reset();
    await page.goto(served.url + pathname, { waitUntil: "commit" });
    let readyMs: number | null = null;
    if (readySelector) {
      const handle = await page.waitForFunction(
        (sel) => {
          const el = document.querySelector(sel);
          return el && /\d/.test(el.textContent ?? "") ? performance.now() : null;
        },
        readySelector,
        { timeout: 60_000, polling: "raf" },
      );
      readyMs = (await handle.jsonValue()) as number;
    }
    const fcpMs = (await page
      .waitForFunction(
        () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
        undefined,
        { timeout: 60_000 },
      )
      .then((h) => h.jsonValue())) as number;
    // Whatever the page asked for by then: its first load.
    await page.waitForTimeout(1500);
    return { readyMs, fcpMs, jsGzipBytes: served.jsBytes() };
  } finally {
    await context.close();
  }
}

async function main() {
  const chromiumPath = findChromium();
  if (!chromiumPath) throw new Error("No Chromium found (set CHROME_PATH).");
  const demo = await startDemo({ ephemeral: true, quiet: true, web: false });
  const proxy = await delayingProxy(new URL(demo.backend.url));
  const hang = await hangingHost();
  const convexUrl = `http://127.0.0.1:${proxy.port}`;
  const siteUrl = demo.backend.siteUrl;
  const out = path.join(root, "node_modules/.bench-web");
  mkdirSync(out, { recursive: true });
  // pk_test_<base64 of "<frontend API host>$">: Clerk's script and API on a host that hangs.
  const clerkKey = `pk_test_${Buffer.from("clerk.hang.test$").toString("base64")}`;
  buildWeb(path.join(out, "demo"), {
    VITE_CONVEX_URL: convexUrl,
    VITE_CONVEX_SITE_URL: siteUrl,
    VITE_DEMO_AUTH: "1",
    VITE_CLERK_PUBLISHABLE_KEY: "",
  });
  buildWeb(path.join(out, "clerk"), {
    VITE_CONVEX_URL: convexUrl,
    VITE_CONVEX_SITE_URL: siteUrl,
    VITE_DEMO_AUTH: "",
    VITE_CLERK_PUBLISHABLE_KEY: clerkKey,
  });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-quic",
      `--host-resolver-rules=MAP clerk.hang.test 127.0.0.1:${hang.port}`,
    ],
  });
  const demoServed = await serveBuild(path.join(out, "demo"));
  const clerkServed = await serveBuild(path.join(out, "clerk"));
  try {
    // The score is there once the match card shows digits; the overlay's once its score does.
    const loads = async (served: Served, pathname: string, selector: string | null) => {
      const all: Load[] = [];
      for (let i = 0; i < RUNS; i++) all.push(await coldLoad(browser, served, pathname, selector));
      return all;
    };
    const dashboard = await loads(demoServed, "/", '[data-testid="score-ct"]');
    const clerkHang = await loads(clerkServed, "/", '[data-testid="score-ct"]');
    const overlay = await loads(demoServed, "/overlay/server1", '[data-testid="overlay-score-ct"]');
    const match = await loads(demoServed, "/matches/no-such-match", null);
    const ms = (l: Load[]) => stats(l.map((x) => x.readyMs!));
    const fcp = (l: Load[]) => stats(l.map((x) => x.fcpMs));
    const js = (l: Load[]) => Math.max(...l.map((x) => x.jsGzipBytes));
    const result = {
      profile: {
        cpuSlowdown: CPU_SLOWDOWN,
        rttMs: RTT_MS,
        downBps: DOWN_BPS,
        upBps: UP_BPS,
        runs: RUNS,
      },
      liveScoreMs: { demo: ms(dashboard), clerkHang: ms(clerkHang), overlay: ms(overlay) },
      fcpMs: {
        demo: fcp(dashboard),
        clerkHang: fcp(clerkHang),
        overlay: fcp(overlay),
        match: fcp(match),
      },
      firstLoadJsGzipBytes: {
        dashboard: js(dashboard),
        dashboardClerk: js(clerkHang),
        overlay: js(overlay),
        match: js(match),
      },
    };
    console.log(JSON.stringify(result));
  } finally {
    await browser.close();
    await demoServed.close();
    await clerkServed.close();
    proxy.close();
    hang.close();
    await demo.stop();
  }
}

if (!existsSync(path.join(root, "node_modules/playwright-core"))) {
  throw new Error("playwright-core is missing: npm install");
}
await main();
