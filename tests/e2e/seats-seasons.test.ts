/**
 * In Chromium against demo mode: a player's career by season (the selector lists the months the
 * player played, and the card, ranks and matches follow it), and seats whose holders went away
 * before the veto: the admin sees who was seen when and frees the idle seats in one step.
 */
import type { SessionId } from "convex-helpers/server/sessions";
import { describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import type { MutationCtx } from "../../convex/_generated/server";
import { recordMatch } from "../../convex/model/history/record";
import { presetFormat } from "../../convex/lib/tournamentPresets";
import { SEAT_IDLE_MS } from "../../convex/model/tournament/seats";
import { historyLine } from "../../convex/testing/history.fixtures";
import { client, demoAdminToken } from "../../dev/bench/util";
import { chromiumPath, newPage, useDemoEnv } from "./browser";

const WAIT = { timeout: 60_000 };
const SHOTS = process.env.SHOTS_DIR;
const PLAYER = "76561198000000777";
const OTHER = "76561198000000778";
const env = useDemoEnv();

async function recordTwoMonths() {
  await env.demo.backend.t.run(async (raw) => {
    const ctx = raw as unknown as MutationCtx;
    const server = (await ctx.db.query("servers").first())!;
    for (const [endedAt, map, kills] of [
      [Date.UTC(2026, 9, 14), "de_inferno", 21],
      [Date.UTC(2026, 10, 3), "de_nuke", 4],
    ] as const) {
      await recordMatch(ctx, server._id as Id<"servers">, {
        startedAt: endedAt - 40 * 60_000,
        endedAt,
        mapName: map,
        scoreCT: 5,
        scoreT: 3,
        rounds: 8,
        lines: [historyLine(PLAYER, "Богдана", "CT", kills), historyLine(OTHER, "Остап", "T", 9)],
        source: "poll",
      });
    }
  });
}

describe.skipIf(!chromiumPath)("careers by season and idle seats", () => {
  test("the career page's season selector shows one month's card and matches", async () => {
    await recordTwoMonths();
    for (const width of [1366, 360]) {
      const { context, page } = await newPage(env, { width, height: 900 });
      await page.goto(`${env.url}players/${PLAYER}`);
      const season = page.getByRole("combobox", { name: "Сезон" });
      await season.waitFor(WAIT);
      const options = await season.locator("option").allTextContents();
      expect(options).toEqual(["За весь час", "листопад 2026 р.", "жовтень 2026 р."]);
      await page.getByRole("cell", { name: "Inferno", exact: true }).first().waitFor(WAIT);
      await season.selectOption("2026-11");
      await page.waitForURL(/season=2026-11/, WAIT);
      // November alone: one match, four kills, the October map gone from the list.
      await expect
        .poll(
          async () => await page.getByRole("cell", { name: "Inferno", exact: true }).count(),
          WAIT,
        )
        .toBe(0);
      await page.getByRole("cell", { name: "Nuke", exact: true }).first().waitFor(WAIT);
      const card = page.getByRole("definition");
      expect(await card.first().textContent()).toBe("1");
      if (SHOTS) {
        await page.screenshot({ path: `${SHOTS}/career-season-${width}.png`, fullPage: true });
      }
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      // The season stays in the address: a reload shows the same month.
      await page.reload();
      await expect.poll(async () => await season.inputValue(), WAIT).toBe("2026-11");
      // The leaderboard offers the months somebody played (the demo's own matches add the
      // current month), not a year of empty ones.
      await page.goto(`${env.url}leaderboard`);
      const boardSeason = page.getByRole("combobox", { name: "Сезон" });
      await expect
        .poll(async () => await boardSeason.locator("option").allTextContents(), WAIT)
        .toEqual(expect.arrayContaining(["листопад 2026 р.", "жовтень 2026 р."]));
      const months = await boardSeason.locator("option").allTextContents();
      expect(months[0]).toBe("За весь час");
      expect(months.length).toBeLessThanOrEqual(4);
      expect(months).not.toContain("вересень 2026 р.");
      await context.close();
    }
  });

  test("a holder who left is shown idle before the veto; the admin frees the seat", async () => {
    const convex = client(env.demo.backend.url);
    convex.setAuth(async () => demoAdminToken());
    const { id, slug } = await convex.action(api.tournamentAdmin.create, {
      format: presetFormat("default"),
    });
    const url = `${env.url}t/${slug}`;
    // One player keeps the page open; another joined and went away (no page sends "still here").
    const here = await newPage(env, { width: 1366 });
    await here.page.goto(url);
    await here.page.getByRole("button", { name: "Приєднатися до команди A" }).click();
    await here.page.getByLabel("Нікнейм у Steam").fill("Ярема");
    await here.page.getByRole("button", { name: "Приєднатися", exact: true }).click();
    await here.page.getByText("Ярема").first().waitFor(WAIT);
    const gone = "session-of-a-closed-browser" as SessionId;
    await convex.mutation(api.tournament.join, {
      tournamentId: id,
      sessionId: gone,
      team: "teamA",
      nickname: "Зниклий",
    });
    // Time passes for the one who left: their seat was taken SEAT_IDLE_MS + 5 min ago.
    await env.demo.backend.t.run(async (raw) => {
      const ctx = raw as unknown as MutationCtx;
      const doc = (await ctx.db.get(id))!;
      const players = doc.teamA.players.map((p) =>
        p.nickname === "Зниклий" ? { ...p, joinedAt: p.joinedAt - SEAT_IDLE_MS - 5 * 60_000 } : p,
      );
      await ctx.db.patch(id, { teamA: { ...doc.teamA, players } });
    });

    for (const width of [1366, 360]) {
      const admin = await newPage(env, { width, height: 900 });
      await admin.page.goto(`${env.url}?tab=auth`);
      await admin.page.getByRole("button", { name: "Увійти як адміністратор (демо)" }).click();
      await admin.page.getByText("Авторизація успішна!").waitFor(WAIT);
      await admin.page.goto(url);
      await admin.page.getByText(/^немає 1\d хв$/).waitFor(WAIT);
      await admin.page.getByText("на сторінці").waitFor(WAIT);
      const free = admin.page.getByRole("button", { name: "Звільнити неактивні місця (1)" });
      await free.waitFor(WAIT);
      if (SHOTS) {
        await admin.page.screenshot({ path: `${SHOTS}/idle-seat-${width}.png`, fullPage: true });
      }
      expect(
        await admin.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      if (width === 360) {
        await free.click();
        const dialog = admin.page.getByRole("dialog");
        await dialog.getByText(/Зниклий/).waitFor(WAIT);
        await dialog.getByRole("button", { name: "Звільнити" }).click();
        await admin.page.getByText("Звільнено місць: 1.").waitFor(WAIT);
        await admin.page
          .getByRole("region", { name: "Команда A" })
          .getByText("Зниклий", { exact: true })
          .waitFor({ state: "detached", ...WAIT });
      }
      await admin.context.close();
    }
    // The player who stayed still holds the seat, and the freed one can be taken again.
    const view = await convex.query(api.tournament.get, { slug });
    expect(view?.teamA.players.map((p) => p.nickname)).toEqual(["Ярема"]);
    const audit = (await env.demo.backend.t.run(
      async (ctx) => await ctx.db.query("auditLog").collect(),
    )) as { action: string; details?: string }[];
    expect(audit.find((e) => e.action === "tournament_seat_free_idle")?.details).toContain(
      "Зниклий",
    );
    await here.context.close();
    await convex.close();
  }, 240_000);
});
