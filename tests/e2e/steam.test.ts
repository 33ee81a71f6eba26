/**
 * Steam-linked accounts in Chromium against demo mode: two demo users link their Steam accounts
 * through the local Steam stand-in's OpenID sign-in (the panel's HTTP action starts it, checks the
 * answer with Steam's check_authentication and sends the browser back to «Мій профіль»), their
 * careers show «Підтверджено через Steam», and a second account cannot take a linked SteamID.
 * Then a tournament that needs Steam: the linked users take seats and finish a BO3 veto, the admin
 * (no Steam link) cannot join, replaces a seat by SteamID, and the series finishes by itself from
 * three maps played to the end on the simulator and recorded by the panel.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import type { WirePlayers } from "../../convex/lib/gameApi";
import type { TournamentFormat } from "../../convex/lib/tournamentFields";
import { client, demoAdminToken } from "../../dev/bench/util";
import { BOT_NAMES } from "../../dev/sim/catalog";
import { chromiumPath, newPage, simJson, useDemoEnv } from "./browser";
import { linkSteam, signIn } from "./demo-steps";

const WAIT = { timeout: 60_000 };
const SHOTS = process.env.SHOTS_DIR;
const env = useDemoEnv();

describe.skipIf(!chromiumPath)("Steam-linked accounts", () => {
  test("two users link Steam; careers are verified; a linked SteamID cannot be taken", async () => {
    const a = await newPage(env, { width: 1366 });
    const b = await newPage(env, { width: 360, height: 800 });
    await signIn(a.page, env.url, "visitor");
    await signIn(b.page, env.url, "moderator");

    await linkSteam(a.page, "76561198000000101", "Тарас");
    await a.page.getByText("Акаунт Steam прив'язано.").waitFor(WAIT);
    // «Мій профіль» is now the player's career, marked as verified, with the Steam name.
    await a.page.getByText("Підтверджено через Steam").waitFor(WAIT);
    await a.page.getByText("Тарас").waitFor(WAIT);
    expect(a.page.url()).toMatch(/\/me$/);

    // The moderator tries the visitor's SteamID first: refused, and nothing is linked.
    await linkSteam(b.page, "76561198000000101", "Хтось");
    await b.page
      .getByText("Цей акаунт Steam уже прив'язаний до іншого користувача панелі.")
      .waitFor(WAIT);
    await b.page.getByRole("button", { name: "Прив'язати Steam" }).waitFor(WAIT);
    await linkSteam(b.page, "76561198000000202", "Оксана");
    await b.page.getByText("Підтверджено через Steam").waitFor(WAIT);
    if (SHOTS) await b.page.screenshot({ path: `${SHOTS}/me-linked-360.png`, fullPage: true });
    expect(
      await b.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);

    // Anyone sees the verified mark on the career page.
    const visitor = await newPage(env, { width: 1366 });
    await visitor.page.goto(`${env.url}players/76561198000000202`);
    await visitor.page.getByText("Підтверджено через Steam").waitFor(WAIT);
    await visitor.page.goto(`${env.url}players/76561198000000303`);
    await visitor.page.getByText("Кар'єра гравця").first().waitFor(WAIT);
    expect(await visitor.page.getByText("Підтверджено через Steam").count()).toBe(0);

    // Each sign-in was confirmed with the provider's check_authentication exactly once.
    const checks = (await (await fetch(`${env.demo.steam.url}/checks`)).json()) as unknown[];
    expect(checks.length).toBe(3);

    for (const c of [a, b, visitor]) await c.context.close();
  });
});

/** 1v1 best of three that needs Steam: A bans, B bans, A picks, B sides, B picks, A sides ×2. */
const BO3_1V1: TournamentFormat = {
  preset: "custom",
  teamSize: 1,
  mapPool: ["de_ancient", "de_inferno", "de_mirage", "de_nuke", "de_train"],
  sequence: [
    { team: "teamA", action: "Ban" },
    { team: "teamB", action: "Ban" },
    { team: "teamA", action: "Pick" },
    { team: "teamB", action: "SidePick" },
    { team: "teamB", action: "Pick" },
    { team: "teamA", action: "SidePick" },
    { team: "teamA", action: "SidePick" },
  ],
  readyCheck: false,
  turnSeconds: 0,
  firstTeam: "teamA",
  steamRequired: true,
};

describe.skipIf(!chromiumPath)("a tournament that needs Steam", () => {
  test("linked players veto, the unlinked admin cannot join but replaces a seat, a BO3 finishes from three recorded maps", async () => {
    const onServer = await simJson<WirePlayers>(env, 0, "/players");
    const humans = [...onServer.terrorists, ...onServer.counterTerrorists].filter(
      (p) => !(BOT_NAMES as readonly string[]).includes(p.name),
    );
    expect(humans.length).toBeGreaterThanOrEqual(3);
    const [h1, h2, h3] = humans as [(typeof humans)[0], (typeof humans)[0], (typeof humans)[0]];

    const a = await newPage(env, { width: 1366 });
    const b = await newPage(env, { width: 1366 });
    const admin = await newPage(env, { width: 1366 });
    // Someone watches server 1, so the panel follows its matches closely.
    const watcher = await newPage(env, { width: 1366 });
    await watcher.page.goto(env.url);
    await signIn(a.page, env.url, "visitor");
    await signIn(b.page, env.url, "moderator");
    await signIn(admin.page, env.url, "admin");
    // The first test linked other SteamIDs to these users: start over with the sim's players.
    for (const c of [a, b]) {
      await c.page.goto(`${env.url}me`);
      await c.page.getByRole("button", { name: "Відв'язати" }).click();
      await c.page.getByRole("dialog").getByRole("button", { name: "Відв'язати" }).click();
      await c.page.getByRole("button", { name: "Прив'язати Steam" }).waitFor(WAIT);
    }
    await linkSteam(a.page, h1.steamId, h1.name);
    await a.page.getByText("Підтверджено через Steam").waitFor(WAIT);
    await linkSteam(b.page, h2.steamId, h2.name);
    await b.page.getByText("Підтверджено через Steam").waitFor(WAIT);

    const convex = client(env.demo.backend.url);
    convex.setAuth(async () => demoAdminToken());
    const { slug } = await convex.action(api.tournamentAdmin.create, { format: BO3_1V1 });
    const url = `${env.url}t/${slug}`;
    for (const c of [a, b, admin]) await c.page.goto(url);

    // The admin has no Steam link: refused, and told exactly what to do.
    await admin.page.getByRole("button", { name: "Приєднатися до команди A" }).click();
    await admin.page
      .getByText(/потрібен прив'язаний акаунт Steam/)
      .first()
      .waitFor(WAIT);
    const seats = async (team: "teamA" | "teamB") =>
      (await convex.query(api.tournament.get, { slug }))![team].players;
    expect(await seats("teamA")).toEqual([]);
    await a.page.getByRole("button", { name: "Приєднатися до команди A" }).click();
    await a.page.getByText(h1.name, { exact: true }).first().waitFor(WAIT);
    await b.page.getByRole("button", { name: "Приєднатися до команди B" }).click();
    // Each seat is the player's SteamID, shown by the Steam name.
    await a.page
      .getByRole("region", { name: "Команда B", exact: true })
      .getByText(h2.name)
      .waitFor(WAIT);
    expect(await seats("teamA")).toMatchObject([{ steamId: h1.steamId, nickname: h1.name }]);
    expect(await seats("teamB")).toMatchObject([{ steamId: h2.steamId, nickname: h2.name }]);

    const turn = (page: Page, text: string) =>
      page.getByRole("heading", { name: text }).waitFor(WAIT);
    await turn(a.page, "Хід: Команда A — бан мапи");
    await a.page.getByRole("button", { name: "Забанити Ancient" }).click();
    await turn(b.page, "Хід: Команда B — бан мапи");
    await b.page.getByRole("button", { name: "Забанити Inferno" }).click();
    await a.page.getByRole("button", { name: "Обрати Mirage" }).click();
    await b.page.getByRole("button", { name: "Обрати сторону CT" }).click();
    await b.page.getByRole("button", { name: "Обрати Nuke" }).click();
    await a.page.getByRole("button", { name: "Обрати сторону T" }).click();
    await a.page.getByRole("button", { name: "Обрати сторону CT" }).click();
    await admin.page.getByRole("button", { name: "Запустити мапу 1: Mirage" }).waitFor(WAIT);

    // The admin names the tournament and the teams before the launch.
    await admin.page.getByRole("textbox", { name: "Назва турніру" }).fill("Кубок вечора");
    await admin.page.getByRole("textbox", { name: "Команда A", exact: true }).fill("Вовки");
    await admin.page.getByRole("textbox", { name: "Команда B", exact: true }).fill("Лиси");
    await admin.page.getByRole("button", { name: "Зберегти назви" }).click();
    await admin.page.getByText("Назви збережено.").waitFor(WAIT);
    await a.page.getByRole("region", { name: "Вовки", exact: true }).waitFor(WAIT);

    // Before launch the admin gives team B's seat to another Steam account (audited).
    await admin.page.getByRole("button", { name: `Замінити: ${h2.name}` }).click();
    const dialog = admin.page.getByRole("dialog");
    await dialog
      .getByRole("textbox", { name: "SteamID64 або посилання на профіль" })
      .fill(h3.steamId);
    await dialog.getByRole("button", { name: "Замінити" }).click();
    await admin.page.getByText("Склад команди змінено.").waitFor(WAIT);
    await b.page
      .getByRole("button", { name: "Приєднатися до команди B" })
      .waitFor({ state: "detached", ...WAIT });
    // The seat is now h3's SteamID, named as Steam names that player; its old holder sits nowhere.
    expect(await seats("teamB")).toMatchObject([{ steamId: h3.steamId, nickname: h3.name }]);
    await b.page
      .getByRole("region", { name: "Лиси", exact: true })
      .getByText(h3.name)
      .waitFor(WAIT);
    expect(
      await b.page.getByRole("region", { name: "Лиси", exact: true }).textContent(),
    ).not.toContain(h2.name);
    expect(await b.page.locator("[data-me]").count()).toBe(0);

    // Three maps, each launched by the admin, played to the end, recorded: 1:0, 1:1, 2:1.
    const plays: [number, string, string, string][] = [
      [1, "Mirage", h1.steamId, "1 : 0"],
      [2, "Nuke", h3.steamId, "1 : 1"],
      [3, "Train", h1.steamId, "2 : 1"],
    ];
    for (const [n, map, winner, score] of plays) {
      await admin.page.getByRole("button", { name: `Запустити мапу ${n}: ${map}` }).click();
      // The launch is recorded only after the game server accepted it. Waiting for the map name
      // alone proves nothing: the server starts on Mirage, and a map played before the launch
      // arrives is restarted by its changelevel (a stale toast proves nothing either).
      await expect
        .poll(async () => (await convex.query(api.tournament.get, { slug }))?.launchedMaps, {
          timeout: 60_000,
        })
        .toBe(n);
      // The launch carried the names: the game server shows them, and so does the match center.
      const live = await simJson<{ mapName: string; teamCT: string; teamT: string }>(
        env,
        0,
        "/match",
      );
      expect(live.mapName).toBe(`de_${map.toLowerCase()}`);
      expect([live.teamCT, live.teamT].sort()).toEqual(["Вовки", "Лиси"]);
      await expect
        .poll(
          async () =>
            [
              await watcher.page.getByTestId("team-ct").textContent(),
              await watcher.page.getByTestId("team-t").textContent(),
            ].sort(),
          WAIT,
        )
        .toEqual(["Вовки", "Лиси"]);
      const res = await fetch(`${env.demo.sim.controlUrl}/servers/server1/finish-map`, {
        method: "POST",
        body: JSON.stringify({ winner }),
      });
      expect(res.status).toBe(200);
      await expect
        .poll(async () => await admin.page.getByTestId("series-score").textContent(), {
          timeout: 90_000,
        })
        .toContain(score);
    }
    await admin.page.getByText("Серію виграла Вовки").waitFor(WAIT);
    await a.page.getByText("Серію виграла Вовки").waitFor(WAIT);
    if (SHOTS) {
      await admin.page.screenshot({ path: `${SHOTS}/series-1366.png`, fullPage: true });
      await a.page.setViewportSize({ width: 360, height: 800 });
      await a.page.screenshot({ path: `${SHOTS}/series-360.png`, fullPage: true });
    }

    // Discord's tournament channel hears the series result, by the admin's names.
    await expect
      .poll(
        () =>
          env.demo.discord.messages
            .map((m) => m.body.embeds?.[0])
            .filter((e) => e?.title === "Серію завершено: Кубок вечора")
            .map((e) => String(e?.description).split(".")[0]),
        WAIT,
      )
      .toEqual(["Вовки **2 : 1** Лиси"]);
    // A map's page names the tournament and its teams.
    const { seriesResults } = (await convex.query(api.tournament.get, { slug }))!;
    expect(seriesResults.map((r) => r.winner)).toEqual(["teamA", "teamB", "teamA"]);
    await watcher.page.goto(`${env.url}matches/${seriesResults[0]!.matchId}`);
    await watcher.page.getByText("Турнір: Кубок вечора: Вовки — Лиси").waitFor(WAIT);

    const audit = (await env.demo.backend.t.run(
      async (ctx) => await ctx.db.query("auditLog").collect(),
    )) as { action: string }[];
    expect(audit.map((e) => e.action)).toContain("tournament_seat_replace");
    await convex.close();
    for (const c of [a, b, admin, watcher]) await c.context.close();
  }, 300_000);
});
