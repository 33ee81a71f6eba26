/**
 * Several tournaments at once in Chromium against demo mode: the spec's 2v2 (created in the UI)
 * and a custom 2v2 with a ready check, a coin toss and a 30 s clock (created over the API), four
 * players each in their own browser contexts plus spectators on the shared links. The stalled
 * step of the timed one is banned by the server on every page; the admin sees who of the first
 * tournament is on the server.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import type { WirePlayers } from "../../convex/lib/gameApi";
import type { TournamentFormat } from "../../convex/lib/tournamentFields";
import { client, demoAdminToken } from "../../dev/bench/util";
import { BOT_NAMES } from "../../dev/sim/catalog";
import { chromiumPath, newPage, simJson, screenshotDir, useDemoEnv } from "./browser";

const screenshots = screenshotDir();
const WAIT = { timeout: 60_000 };
const env = useDemoEnv();

const TIMED: TournamentFormat = {
  preset: "custom",
  teamSize: 2,
  mapPool: ["de_ancient", "de_dust2", "de_mirage", "de_train"],
  sequence: [
    { team: "teamA", action: "Ban" },
    { team: "teamB", action: "Ban" },
    { team: "teamA", action: "Ban" },
    { team: "teamB", action: "SidePick" },
  ],
  readyCheck: true,
  turnSeconds: 30,
};

const history = (page: Page) =>
  page.getByRole("list", { name: "Історія кроків" }).getByRole("listitem");

async function open(url: string, width = 1280) {
  const { page, context } = await newPage(env, { width, height: width < 500 ? 800 : 900 });
  await page.goto(url);
  return { page, context };
}

async function join(page: Page, team: "A" | "B", nickname: string) {
  await page.getByRole("button", { name: `Приєднатися до команди ${team}` }).click();
  const input = page.getByRole("dialog").getByRole("textbox", { name: "Нікнейм у Steam" });
  await input.fill(nickname);
  await input.press("Enter");
  await page.getByText(`Ви в команді ${team} як ${nickname}`).waitFor(WAIT);
}

describe.skipIf(!chromiumPath)("several tournaments, ready check, clock and readiness", () => {
  test("two formats at once; the clock bans for a stalling team on every page", async () => {
    const onServer = await simJson<WirePlayers>(env, 0, "/players");
    const humans = [...onServer.terrorists, ...onServer.counterTerrorists]
      .filter((p) => !(BOT_NAMES as readonly string[]).includes(p.name))
      .map((p) => p.name);
    expect(humans.length).toBeGreaterThanOrEqual(3);

    // The spec's tournament, created in the UI by a signed-in admin.
    const admin = await open(`${env.url}?tab=map_ban_pick`);
    await admin.page.getByRole("button", { name: "Увійти", exact: true }).click();
    await admin.page.getByRole("button", { name: "Увійти як адміністратор (демо)" }).click();
    await admin.page.getByText("Авторизація успішна!").waitFor(WAIT);
    await admin.page.getByRole("tab", { name: "Бан/пік мап" }).click();
    await admin.page.getByRole("button", { name: "Створити турнір" }).click();
    await admin.page.getByRole("heading", { name: "Очікуємо команди" }).waitFor(WAIT);
    const first = await admin.page.locator("[data-slug]").getAttribute("data-slug");
    expect(first).toMatch(/^[a-z0-9]{6}$/);

    // The timed one, over the API with the admin's token.
    const api_ = client(env.demo.backend.url);
    api_.setAuth(async () => demoAdminToken());
    const second = await api_.action(api.tournamentAdmin.create, { format: TIMED });
    await api_.close();

    // Both are listed on the tab.
    await admin.page.getByRole("link", { name: "Посилання" }).nth(1).waitFor(WAIT);
    expect(await admin.page.getByText(second.slug).count()).toBe(1);

    const firstUrl = new URL(`t/${first}`, env.url).href;
    const secondUrl = new URL(`t/${second.slug}`, env.url).href;
    const one = await Promise.all(Array.from({ length: 4 }, () => open(firstUrl)));
    const two = await Promise.all(Array.from({ length: 4 }, () => open(secondUrl)));
    const watcher = await open(secondUrl, 360);
    const [a1, a2, b1] = humans as [string, string, string];
    const firstNames = [a1, b1, a2, "Привид"];
    const teams = ["A", "B", "A", "B"] as const;
    for (let i = 0; i < 4; i++) {
      await join(one[i]!.page, teams[i]!, firstNames[i]!);
      await join(two[i]!.page, teams[i]!, `timed_${i + 1}`);
    }

    // The spec's veto starts at once (team A, fixed); the timed one waits for "Готові".
    await one[0]!.page.getByRole("heading", { name: "Хід: Команда A — бан мапи" }).waitFor(WAIT);
    const secondPages = [...two.map((c) => c.page), watcher.page];
    await Promise.all(
      secondPages.map((p) =>
        p.getByRole("heading", { name: "Перевірка готовності" }).waitFor(WAIT),
      ),
    );
    for (const c of two) await c.page.getByRole("button", { name: "Готові" }).click();

    // The coin decided who starts; every page of the second tournament shows the same result.
    const tossed = /Жереб: починає Команда (A|B)/;
    await Promise.all(secondPages.map((p) => p.getByText(tossed).waitFor(WAIT)));
    const winners = await Promise.all(
      secondPages.map(async (p) => (await p.getByText(tossed).textContent())!.match(tossed)![1]),
    );
    expect(new Set(winners).size).toBe(1);
    await Promise.all(secondPages.map((p) => p.getByRole("timer").waitFor(WAIT)));

    // Meanwhile the first tournament bans by hand: nothing of it reaches the second.
    await one[0]!.page.getByRole("button", { name: "Забанити Inferno" }).click();
    await Promise.all(
      one.map((c) => history(c.page).filter({ hasText: "бан: Inferno" }).waitFor(WAIT)),
    );

    // Nobody in the second one moves: after 30 s the server bans for the team in turn.
    await Promise.all(
      secondPages.map((p) =>
        history(p).filter({ hasText: "автоматично: час вийшов" }).first().waitFor({
          timeout: 90_000,
        }),
      ),
    );
    const auto = await history(watcher.page)
      .filter({ hasText: "автоматично" })
      .first()
      .textContent();
    expect(auto).toMatch(/бан: (Ancient|Dust II|Dust 2|Mirage|Train)/);
    expect(await history(one[0]!.page).filter({ hasText: "автоматично" }).count()).toBe(0);
    // The spectator is read-only: no map to click, no seat to take.
    expect(
      await watcher.page.getByRole("button", { name: /^Забанити |^Приєднатися/ }).count(),
    ).toBe(0);
    await watcher.page.screenshot({
      path: path.join(screenshots, "tournament-timed-360.png"),
      fullPage: true,
    });

    // Launch readiness on the first tournament's page: three of four are on server 1.
    await admin.page.getByRole("button", { name: new RegExp(`^${first}`) }).click();
    await admin.page
      .getByTestId("readiness-count")
      .filter({ hasText: "3/4 на сервері" })
      .waitFor(WAIT);
    const readiness = admin.page.getByRole("region", { name: "Готовність до запуску" });
    await readiness
      .getByRole("listitem")
      .filter({ hasText: "Привид" })
      .filter({ hasText: "немає" })
      .waitFor();
    await admin.page.screenshot({
      path: path.join(screenshots, "tournament-formats.png"),
      fullPage: true,
    });

    await Promise.all([admin, watcher, ...one, ...two].map((c) => c.context.close()));
  }, 240_000);
});
