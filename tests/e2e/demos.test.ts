/**
 * A recorded map's demo in Chromium, at 1366 and 360 px: the simulated MatchZy server plays a map
 * to its end with push on as the panel's "turn push on" sets it, uploads its 60 MB demo to the
 * Convex upload URL the panel's renewal gave it, the claim attaches it to the recorded map, and a
 * visitor's match page offers «Завантажити демо (60,0 МБ)», a link that fetches the file.
 */
import path from "node:path";
import { describe, expect, test } from "vitest";
import type { Id } from "../../convex/_generated/dataModel";
import { MATCHZY_DEMO_CVARS } from "../../convex/lib/demos";
import { MATCHZY_REMOTE_LOG_CVARS } from "../../convex/lib/matchzyEvents";
import { PUSH_HEADER } from "../../convex/lib/push";
import { writeGeneratedSecret } from "../../convex/model/servers/records";
import { chromiumPath, newPage, screenshotDir, useDemoEnv } from "./browser";
import { internal } from "../../convex/_generated/api";

const screenshots = screenshotDir();
const WAIT = { timeout: 30_000 };
const SECRET = "cd".repeat(32);
const env = useDemoEnv();

describe.skipIf(!chromiumPath)("demos in the browser", () => {
  test("a recorded map's page offers its demo for download at 1366 and 360 px", async () => {
    const { backend, sim } = env.demo;
    const server = sim.servers[1]!;
    await backend.t.run(async (ctx) => {
      const row = (await ctx.db.query("servers").collect()).find((s) => s.key === "server2");
      const serverId = row!._id as Id<"servers">;
      await writeGeneratedSecret(ctx as never, serverId, "pushSecret", SECRET);
      const push = (await ctx.db.query("pushStatus").collect()).find(
        (p) => p.serverId === serverId,
      );
      if (push) await ctx.db.patch(push._id, { enabled: true });
      else await ctx.db.insert("pushStatus", { serverId, enabled: true, eventsCount: 0 });
    });
    for (const line of [
      `${MATCHZY_REMOTE_LOG_CVARS.headerKey} "${PUSH_HEADER}"`,
      `${MATCHZY_REMOTE_LOG_CVARS.headerValue} "${SECRET}"`,
      `${MATCHZY_REMOTE_LOG_CVARS.url} "${backend.siteUrl}/api/events/server2"`,
      "tv_enable 1",
    ]) {
      server.console.exec(line);
    }
    // The panel's renewal job gives the server its Convex upload URL.
    await backend.runInternal(internal.demos.renewUploadUrls, {});
    expect(server.world.cvars.get(MATCHZY_DEMO_CVARS.url)).toContain("/api/storage/upload?token=");
    server.demos.setOptions({ uploadDelayMs: 0 });
    // The map is recorded from its events by a step of its own, which awaits its demo in a row.
    const rows = async () =>
      (await backend.t.run(async (ctx) => await ctx.db.query("demos").collect())) as Array<{
        _id: Id<"demos">;
      }>;
    const before = (await rows()).length;
    server.console.exec("mp_warmup_start");
    expect(server.advanceUntil("matchOver", 20_000).reached).toBe(true);
    await server.matchzy.settled();
    await server.demos.settled();
    await expect
      .poll(async () => (await rows()).length, { timeout: 60_000 })
      .toBeGreaterThan(before);
    const demo = (await rows()).at(-1)!;
    await backend.runInternal(internal.demos.claim, { demoId: demo._id, attempt: 0 });
    const attached = (await backend.t.run(async (ctx) => await ctx.db.get(demo._id as never))) as {
      matchId: string;
      state: string;
    };
    expect(attached.state).toBe("ready");

    for (const width of [1366, 360]) {
      const { page, context } = await newPage(env, { width, height: 900 });
      await page.goto(`${env.url.replace(/\/$/, "")}/matches/${attached.matchId}`);
      const link = page.getByRole("link", { name: "Завантажити демо (60,0 МБ)" });
      await link.waitFor(WAIT).catch(async (error: unknown) => {
        await page.screenshot({ path: path.join(screenshots, `match-demo-${width}-failed.png`) });
        throw error;
      });
      expect(await link.getAttribute("download")).toMatch(/\.dem$/);
      const href = (await link.getAttribute("href"))!;
      const head = await fetch(href, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-length")).toBe(String(60 * 1024 * 1024));
      // The card fits the narrow screen: no horizontal scrolling.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.getByRole("heading", { name: "Демо" }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(screenshots, `match-demo-${width}.png`) });
      await context.close();
    }
  }, 180_000);
});
