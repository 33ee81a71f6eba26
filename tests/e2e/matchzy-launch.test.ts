/**
 * In Chromium against demo mode: Server #2 runs MatchZy (its settings say so). The admin opens a
 * finished Steam tournament with that server selected, is told what MatchZy will do, launches,
 * and the simulated MatchZy loads the match config from the demo's deployment: team names,
 * roster and map; the one human on the server who holds no seat is kicked.
 */
import path from "node:path";
import { describe, expect, test } from "vitest";
import type { MutationCtx } from "../../convex/_generated/server";
import { createTournament } from "../../convex/model/tournament/state";
import { chromiumPath, newPage, screenshotDir, useDemoEnv } from "./browser";

const WAIT = { timeout: 60_000 };
const env = useDemoEnv();

describe.skipIf(!chromiumPath)("a launch through MatchZy", () => {
  test("the admin sees MatchZy named before and after the launch; the server holds the roster", async () => {
    const shots = screenshotDir();
    const server = env.demo.sim.servers[1]!;
    const humans = server.world.connected().filter((p) => !p.isBot);
    expect(humans.length).toBeGreaterThanOrEqual(3);
    const [h1, h2, h3] = humans as [(typeof humans)[0], (typeof humans)[0], (typeof humans)[0]];
    const { serverId, slug } = await env.demo.backend.t.run(async (raw) => {
      const ctx = raw as unknown as MutationCtx;
      const row = await ctx.db
        .query("servers")
        .withIndex("by_key", (q) => q.eq("key", "server2"))
        .unique();
      const base = createTournament({ createdBy: "admin", now: Date.now(), slug: "mz-final" });
      await ctx.db.insert("tournaments", {
        ...base,
        name: "Фінал",
        format: { ...base.format, teamSize: 1, steamRequired: true },
        status: "finished",
        teamA: {
          name: "Вовки",
          players: [{ nickname: h1.name, joinedAt: 1, steamId: h1.steamId }],
        },
        teamB: {
          name: "Соколи",
          players: [{ nickname: h2.name, joinedAt: 1, steamId: h2.steamId }],
        },
        series: [{ map: "de_nuke", side: "CT", sideBy: "teamA" }],
        finalMap: "de_nuke",
        serverMap: "de_nuke",
        finalSide: "CT",
      });
      return { serverId: row!._id as string, slug: base.slug };
    });

    const { page, context } = await newPage(env, { width: 1366, height: 900 });
    await page.goto(`${env.url}?tab=auth`);
    await page.getByRole("button", { name: "Увійти як адміністратор (демо)" }).click();
    await page.getByText("Авторизація успішна!").waitFor(WAIT);
    // The server's settings say it runs MatchZy.
    await page.getByRole("tab", { name: "Керування", exact: true }).click();
    await page.getByRole("button", { name: "Налаштування", exact: true }).first().click();
    await page.getByRole("button", { name: "Змінити", exact: true }).nth(1).click();
    const form = page.getByRole("dialog", { name: "Сервер «Server #2»" });
    const matchzy = form.getByRole("switch", { name: /MatchZy/ });
    expect(await matchzy.getAttribute("aria-checked")).toBe("true");
    await form.screenshot({ path: path.join(shots, "matchzy-server-form-1366.png") });
    await page.setViewportSize({ width: 360, height: 800 });
    await form.screenshot({ path: path.join(shots, "matchzy-server-form-360.png") });
    await page.setViewportSize({ width: 1366, height: 900 });

    await page.evaluate((id) => localStorage.setItem("activeServerId", id), serverId);
    await page.goto(`${env.url}t/${slug}`);
    await page.getByText(/На цьому сервері працює MatchZy/).waitFor(WAIT);
    await page.screenshot({ path: path.join(shots, "matchzy-before-launch-1366.png") });
    await page.getByRole("button", { name: "Запустити матч" }).click();
    await page
      .getByText(/MatchZy завантажує конфіг матчу/)
      .first()
      .waitFor(WAIT);
    await page.screenshot({ path: path.join(shots, "matchzy-launch-1366.png"), fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: path.join(shots, "matchzy-launch-360.png"), fullPage: true });

    // The simulated MatchZy fetched the config from the deployment and holds the roster.
    await expect
      .poll(() => server.state().matchzy.lastLoad?.outcome ?? "none", WAIT)
      .toBe("loaded");
    expect(server.state().matchzy.loaded).toMatchObject({
      team1: { name: "Вовки", players: [h1.steamId] },
      team2: { name: "Соколи", players: [h2.steamId] },
      maplist: ["de_nuke"],
    });
    expect(server.state().map).toBe("de_nuke");
    expect(h3.connected).toBe(false);
    await context.close();
  }, 180_000);
});
