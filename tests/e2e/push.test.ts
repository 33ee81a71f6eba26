/**
 * MatchZy push end to end in Chromium against demo mode: the admin turns push on in the panel, the
 * simulator (speaking MatchZy's remote log) posts its round_end events to the backend's
 * `POST /api/events/{key}`, and the dashboard shows the pushed score. Turning push off stops the
 * events: the next score comes from the other sources (the poller, and the demo's CS2 log), and the
 * push status counts no new event. The delay is printed for the note, never asserted.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import type { WireMatch } from "../../convex/lib/gameApi";
import { PUSH_OFF_URL } from "../../convex/lib/push";
import { chromiumPath, newPage, simJson, useDemoEnv } from "./browser";

const env = useDemoEnv();

const WAIT = { timeout: 30_000 };

async function shownScore(page: Page) {
  const ct = await page.getByTestId("score-ct").textContent();
  const t = await page.getByTestId("score-t").textContent();
  return `${ct}:${t}`;
}

/** How many MatchZy events the panel accepted, all servers together (only Server #1 pushes). */
async function pushEventsCount(): Promise<number> {
  const rows = (await env.demo.backend.t.run(
    async (ctx) => await ctx.db.query("pushStatus").collect(),
  )) as { eventsCount?: number }[];
  return rows.reduce((sum, r) => sum + (r.eventsCount ?? 0), 0);
}

/** Server #1's push state as the panel stored it from the events it accepted. */
async function pushStatus() {
  const rows = (await env.demo.backend.t.run(
    async (ctx) => await ctx.db.query("pushStatus").collect(),
  )) as { enabled: boolean; lastEvent?: string }[];
  return rows.find((r) => r.enabled);
}

describe.skipIf(!chromiumPath)("MatchZy push in the browser", () => {
  test("the admin enables push; a pushed round end reaches the dashboard; off falls back to polling", async () => {
    const { page, context } = await newPage(env);
    await page.goto(env.url);
    await page.getByRole("button", { name: "Увійти", exact: true }).click();
    await page.getByRole("button", { name: "Увійти як адміністратор (демо)" }).click();
    await page.getByText("Авторизація успішна!").waitFor(WAIT);
    await page.getByRole("tab", { name: "Керування", exact: true }).click();

    const server = env.demo.sim.servers[0]!;
    const toggle = page.getByRole("switch", { name: "Приймати події MatchZy" });
    await toggle.waitFor(WAIT);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-checked"), WAIT).toBe("true");
    await expect.poll(() => server.state().matchzy.remoteLogUrl, WAIT).toContain("/api/events/");

    // Out of warmup, then one round: the simulator posts going_live and round_end.
    await page.getByRole("tab", { name: "Огляд", exact: true }).click();
    await page.getByTestId("score-ct").waitFor(WAIT);
    server.advanceUntil("live", 5_000);
    const started = performance.now();
    server.advanceUntil("roundEnd", 5_000);
    await server.matchzy.settled();
    const wire = await simJson<WireMatch>(env, 0, "/match");
    const expected = `${wire.scoreCT}:${wire.scoreT}`;
    await expect.poll(() => shownScore(page), WAIT).toBe(expected);
    console.log(`[push] round end to dashboard: ${Math.round(performance.now() - started)} ms`);
    // The push reached the panel. (Its stamp on the snapshot is no proof: under load a poll may
    // already have replaced the pushed snapshot with the same score and the round clock.)
    expect(await pushStatus()).toMatchObject({ enabled: true, lastEvent: "round_end" });
    await page.getByRole("tab", { name: "Керування", exact: true }).click();
    await page.getByText("події надходять").first().waitFor(WAIT);

    // Off: the simulator stops posting, and the next score comes from the poller.
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-checked"), WAIT).toBe("false");
    await expect.poll(() => server.state().matchzy.remoteLogUrl, WAIT).toBe(PUSH_OFF_URL);
    const eventsBefore = await pushEventsCount();
    const sentBefore = server.state().matchzy.sent;
    await page.getByRole("tab", { name: "Огляд", exact: true }).click();
    server.advanceUntil("roundEnd", 5_000);
    const next = await simJson<WireMatch>(env, 0, "/match");
    await expect.poll(() => shownScore(page), WAIT).toBe(`${next.scoreCT}:${next.scoreT}`);
    expect(server.state().matchzy.sent).toBe(sentBefore);
    // No event reached the panel after push went off. (The next score's source is the poller or,
    // on the demo's Server #1, CS2's log, which speaks for the match once MatchZy no longer does:
    // its writes carry the same feed stamp, so the stamp proves nothing here.)
    expect(await pushEventsCount()).toBe(eventsBefore);
    await context.close();
  });
});
