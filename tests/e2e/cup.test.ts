/**
 * A community cup in Chromium against demo mode, walked as its people do. The admin creates a
 * 4-team single elimination on Server #2; a visitor (1366 px) signs in, links Steam, creates a team
 * and shares its invite link; another player's team and two admin-added teams fill the cup. The
 * admin starts it and awards the other semifinal by walkover from the cup page, with its preview.
 * Both captains check in, ban and pick on the match's page, nobody presses launch: the panel
 * launches the decided map on the server, the simulated map is played out, its result decides the
 * semifinal and the visitor's team moves into the final. The public bracket, the team page and the
 * embed are looked at (no sideways scroll, no match cut off at its bracket's edge) at 1366 and
 * 360 px.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { client, demoAdminToken } from "../../dev/bench/util";
import { signUpPlayers } from "../../dev/cup-demo/players";
import { endWarmup } from "../../dev/sim/match";
import { chromiumPath, newPage, screenshotDir, useDemoEnv } from "./browser";
import { linkSteam, lookAt, signIn } from "./demo-steps";

const WAIT = { timeout: 90_000 };
const VISITOR = "76561198000000391";
const shots = screenshotDir();
const env = useDemoEnv();

/** Every match of a bracket is inside its box, none cut off at its edge. */
async function noMatchCut(page: Page, where: string) {
  const cut = await page.evaluate(() =>
    Array.from(document.querySelectorAll('[role="region"] article'))
      .filter((match) => {
        const box = match.closest('[role="region"]')!.getBoundingClientRect();
        const r = match.getBoundingClientRect();
        return r.left < box.left - 1 || r.right > box.right + 1;
      })
      .map((match) => match.getAttribute("aria-label")),
  );
  expect(cut, `${where}: matches cut off`).toEqual([]);
}

async function eventually<T>(probe: () => Promise<T | null | undefined | false>, ms = 90_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.skipIf(!chromiumPath)("a community cup", () => {
  test("teams, check-in, veto, the panel's launch, the recorded result; bracket and team page", async () => {
    const admin = client(env.demo.backend.url);
    admin.setAuth(async () => demoAdminToken());
    const servers = await admin.query(api.servers.list, {});
    const server = env.demo.sim.servers[1]!;

    // The admin creates the cup on /cup: 4 teams of one, BO1 on three maps, Server #2, no clock.
    const staff = await newPage(env, { width: 1366 });
    const a = staff.page;
    await signIn(a, env.url, "admin");
    await a.getByRole("link", { name: "Кубки" }).first().click();
    const form = a.getByRole("form", { name: "Новий кубок" });
    await form.getByLabel("Назва кубка").fill("Кубок <b>неділі</b>");
    await form.getByLabel("Команд щонайбільше").fill("4");
    await form.getByLabel("Посів").selectOption({ label: "У порядку реєстрації" });
    await form.getByLabel("Розмір команди").selectOption("1");
    await form.getByLabel("Таймер ходу вето").selectOption({ label: "Вимкнено" });
    await form.getByLabel("Чек-ін, хв до початку").fill("1");
    await form.getByLabel("Старт матчу, хв").fill("1");
    for (const map of ["Ancient", "Anubis", "Inferno"]) {
      await form.getByRole("checkbox", { name: map, exact: true }).uncheck();
    }
    await form.getByRole("checkbox", { name: servers[1]!.name }).check();
    await lookAt(a, shots, "cup-create", noMatchCut);
    await form.getByRole("button", { name: "Створити кубок" }).click();
    await a.waitForURL(/\/cup\/[a-z0-9]+$/, WAIT);
    const cup = { slug: new URL(a.url()).pathname.split("/").pop()! };
    await a.getByRole("heading", { name: "Кубок <b>неділі</b>" }).waitFor(WAIT);
    const created = (await admin.query(api.cups.bracket, { slug: cup.slug }))!;
    expect(created).toMatchObject({
      bracket: { format: "single_elimination", bestOf: 1, finalBestOf: 3 },
      teamSize: 1,
      teamsMax: 4,
      checkInMinutes: 1,
      mapPool: ["de_dust2", "de_mirage", "de_nuke"],
    });
    const cupId = created.id;

    // The visitor makes a team on the cup's page.
    const visitor = await newPage(env, { width: 1366 });
    const v = visitor.page;
    await signIn(v, env.url, "visitor");
    await linkSteam(v, VISITOR, "Тарас");
    await v.goto(`${env.url}cup/${cup.slug}`);
    await v.getByRole("heading", { name: "Кубок <b>неділі</b>" }).waitFor(WAIT);
    await v.getByLabel("Назва команди").fill("Вовки");
    await v.getByLabel("Тег").fill("WLF");
    await v.getByRole("button", { name: "Створити команду" }).click();
    await v.getByText("Посилання для гравців команди").waitFor(WAIT);
    const invite = await v.locator("code").textContent();
    expect(invite).toMatch(new RegExp(`/cup/${cup.slug}\\?invite=`));
    await lookAt(v, shots, "cup-registration", noMatchCut);

    // Another player's team; two more the admin adds by SteamID.
    const [rival] = await signUpPlayers(env.demo, ["Суперник"], 0);
    await rival!.convex.mutation(api.cups.createTeam, { cupId, name: "Лиси", tag: "FOX" });
    for (const [i, name] of ["Орли", "Сови"].entries()) {
      await admin.action(api.cupAdmin.addTeam, {
        cupId,
        name,
        tag: name.toUpperCase(),
        steamIds: [`7656119800000040${i}`],
      });
    }

    // The admin starts the cup, seeded as listed: Вовки–Лиси and Орли–Сови.
    await a.goto(`${env.url}cup/${cup.slug}`);
    const start = a.getByRole("button", { name: "Почати кубок (4 команд)" });
    await start.waitFor(WAIT);
    const view0 = (await admin.query(api.cups.bracket, { slug: cup.slug }))!;
    const idOf = (name: string) => view0.teams.find((x) => x.name === name)!.id;
    await admin.action(api.cupAdmin.start, {
      cupId,
      order: ["Вовки", "Орли", "Сови", "Лиси"].map(idOf) as Id<"cupTeams">[],
    });
    await start.waitFor({ state: "detached", ...WAIT });

    // The other semifinal: a walkover from the admin's controls, with its preview first.
    const other = a.locator("details", { hasText: "Орли — Сови" });
    await other.locator("summary").click();
    await other.getByLabel("Змінити результат").selectOption({ label: "Технічна перемога: Орли" });
    await other.getByText("Інші результати не зміняться.").waitFor(WAIT);
    await other.getByRole("button", { name: "Застосувати" }).click();
    await a.getByRole("article", { name: "U1-2" }).getByText("тех.").waitFor(WAIT);
    await lookAt(a, shots, "cup-admin", noMatchCut);

    // Check-in is open at once (the start is one check-in window away): both captains check in.
    const mine = v.getByRole("article", { name: "Матч проти Лиси" });
    await mine.getByRole("button", { name: "Підтвердити участь (чек-ін)" }).click();
    await mine.getByText("Команду відмічено: чекайте на сервер і вето.").waitFor(WAIT);
    await lookAt(v, shots, "cup-check-in", noMatchCut);
    const started = (await admin.query(api.cups.bracket, { slug: cup.slug }))!;
    const semi = started.matches.find((m) => m.key === "U1-1")!;
    await rival!.convex.mutation(api.cups.checkIn, { matchId: semi.id });
    // Both players are on the pool's server, as players join during the veto.
    server.world.addPlayer(false, "CT", { steamId: VISITOR, name: "Тарас" });
    server.world.addPlayer(false, "T", { steamId: rival!.steamId, name: "Суперник" });

    // At the start the match takes the server and its ban/pick opens; the captains play it.
    const bracketLink = v.getByRole("article", { name: "U1-1" }).getByRole("link", {
      name: "Вето й матч",
    });
    await bracketLink.waitFor({ timeout: 150_000 });
    await bracketLink.click();
    await v.waitForURL(/\/t\//, WAIT);
    const vetoSlug = await eventually(async () => {
      const view = await admin.query(api.cups.bracket, { slug: cup.slug });
      return view?.matches.find((x) => x.key === "U1-1")?.tournamentSlug;
    });
    // Who starts is the coin's: the visitor takes the turns of Вовки (team A) on the page, the
    // rival those of Лиси over the API, until the side of the last map is chosen.
    for (let step = 0; step < 3; step++) {
      const turn = await eventually(async () => {
        const t = await admin.query(api.tournament.get, { slug: vetoSlug });
        return t?.currentStep === step && t.turn ? t : null;
      });
      const action = turn.sequence[step]!.action;
      if (turn.turn === "teamA") {
        const map = turn.remainingMaps[0]!;
        const button =
          action === "SidePick"
            ? v.getByRole("button", { name: "Обрати сторону CT" })
            : v.getByRole("button", {
                name: new RegExp(map === "de_dust2" ? "Dust II" : map.slice(3), "i"),
              });
        await button.click(WAIT);
      } else {
        const args = { tournamentId: turn.id, expectedStep: step, sessionId: rival!.sessionId };
        await (action === "SidePick"
          ? rival!.convex.mutation(api.tournament.pickSide, { ...args, side: "T" } as never)
          : rival!.convex.mutation(api.tournament.ban, {
              ...args,
              map: turn.remainingMaps[0]!,
            } as never));
      }
    }

    // Nobody launches: the panel does; the map is played out on the simulator.
    await eventually(async () => server.state().map === "de_nuke");
    // Players drop now and then and the simulator moves one to the other side at times: they
    // come back, as players do, on their team's side (no halftime swap on this map).
    const keepOn = () => {
      for (const [steamId, name, side] of [
        [VISITOR, "Тарас", "CT"],
        [rival!.steamId, "Суперник", "T"],
      ] as const) {
        const there = server.world.find(steamId);
        if (!there) server.world.addPlayer(false, side, { steamId, name });
        else if (!there.connected) server.world.reconnect(there, side);
        else if (there.side !== side) server.world.moveTo(there, side);
      }
    };
    keepOn();
    server.world.roundsGoTo = VISITOR;
    server.console.exec("mp_halftime 0");
    endWarmup(server.world);
    expect(server.advanceUntil("roundEnd", 2_000).reached).toBe(true);
    // The panel's poll sees the map in play (a map it never saw live, it does not record).
    await eventually(async () => {
      const live = await admin.query(api.live.dashboard, { serverId: servers[1]!._id });
      const m = live.snapshot?.match;
      return m?.mapName === "de_nuke" && m.scoreCT + m.scoreT >= 1;
    });
    // …and has read both seated players' lines of it (a map in play gets its player list polled
    // within half a minute, watched or not): what its record will name them by.
    await eventually(async () => {
      const list = await admin.query(api.live.playerList, { serverId: servers[1]!._id });
      const seated = [VISITOR, rival!.steamId].map((id) =>
        list.players?.players.find((p) => p.steamId === id),
      );
      return seated.every((p) => p && p.roundsPlayed >= 1 && p.team !== "Spectator");
    });
    // In play: the bracket says so, with the match's server dashboard beside its ban/pick page.
    await v.goto(`${env.url}cup/${cup.slug}`);
    const playing = v.getByRole("article", { name: "U1-1" });
    await playing.getByText("Наживо").waitFor(WAIT);
    expect(await playing.getByRole("link", { name: "Сервер" }).getAttribute("href")).toBe(
      `/?server=${encodeURIComponent(servers[1]!.key)}`,
    );
    await lookAt(v, shots, "cup-live", noMatchCut);
    // The rest of the map, its end screen and the next match's warmup all pass between two of
    // the panel's polls (a short map on a busy panel): the poll never sees the deciding round or
    // the end, and the result comes from the server's report of the map it last played to its end.
    for (let round = 0; round < 30 && !server.world.match.matchOver; round++) {
      keepOn();
      server.world.roundsGoTo = VISITOR;
      expect(server.advanceUntil("roundEnd", 2_000).reached).toBe(true);
    }
    expect(server.world.match.matchOver).toBe(true);
    expect(server.advanceUntil("newMatch", 100).reached).toBe(true);
    expect(server.state()).toMatchObject({ phase: "warmup", scoreCT: 0, scoreT: 0 });

    // The recorded map decides the semifinal; the bracket moves Вовки into the final.
    await eventually(async () => {
      const view = await admin.query(api.cups.bracket, { slug: cup.slug });
      return view?.matches.find((m) => m.key === "U1-1")?.phase === "done";
    }).catch(async (error: unknown) => {
      // What the panel made of the map, for whoever reads a failure.
      const t = await admin.query(api.tournament.get, { slug: vetoSlug });
      const recorded = await admin.query(api.history.matches, {
        serverKey: servers[1]!.key,
        paginationOpts: { numItems: 2, cursor: null },
      });
      const players = server.world.connected().map((p) => [p.name, p.steamId, p.side]);
      throw new Error(
        `${String(error)}: ${JSON.stringify({ results: t?.seriesResults, recorded: recorded.page, players })}`,
      );
    });
    const final = v.getByRole("article", { name: "F" });
    await final.getByRole("link", { name: "Вовки" }).waitFor(WAIT);
    await final.getByRole("link", { name: "Орли" }).waitFor(WAIT);
    const done = (await admin.query(api.cups.bracket, { slug: cup.slug }))!;
    expect(done.matches.find((m) => m.key === "U1-1")).toMatchObject({
      phase: "done",
      result: { winner: idOf("Вовки"), winnerMaps: 1, loserMaps: 0 },
    });
    expect(await v.locator("b").count()).toBe(0);
    // Recorded once, with the score the server reported.
    const history = await admin.query(api.history.matches, {
      serverKey: servers[1]!.key,
      paginationOpts: { numItems: 5, cursor: null },
    });
    expect(history.page).toHaveLength(1);
    expect(history.page[0]).toMatchObject({
      map: "de_nuke",
      scoreCT: server.world.lastMap!.scoreCT,
      scoreT: server.world.lastMap!.scoreT,
    });

    // The public bracket for a visitor, the team page, the embed.
    const guest = await newPage(env, { width: 1366 });
    const g = guest.page;
    await g.goto(`${env.url}cup/${cup.slug}`);
    await g.getByRole("article", { name: "F" }).getByRole("link", { name: "Вовки" }).waitFor(WAIT);
    await lookAt(g, shots, "cup-bracket", noMatchCut);
    await g.getByRole("link", { name: "[WLF] Вовки" }).click();
    await g.getByRole("heading", { name: "[WLF] Вовки" }).waitFor(WAIT);
    await g.getByText("Тарас (капітан)").waitFor(WAIT);
    await lookAt(g, shots, "cup-team", noMatchCut);
    await g.goto(`${env.url}cup/${cup.slug}/embed`);
    await g.getByRole("article", { name: "F" }).waitFor(WAIT);
    await lookAt(g, shots, "cup-embed", noMatchCut);
    // Other sites may frame the embed, and nothing else.
    const embed = await fetch(`${env.url}cup/${cup.slug}/embed`);
    expect(embed.headers.get("content-security-policy")).toBe("frame-ancestors *");
    expect(embed.headers.get("x-frame-options")).toBeNull();
    const page = await fetch(`${env.url}cup/${cup.slug}`);
    expect(page.headers.get("content-security-policy")).toBe("frame-ancestors 'none'");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    for (const c of [visitor, staff, guest]) await c.context.close();
    await rival!.convex.close();
    await admin.close();
  }, 480_000);
});
