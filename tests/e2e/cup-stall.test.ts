/**
 * A stalled cup match in Chromium: a 2-team cup with walkovers off whose teams never check in. At
 * its start the match waits for an admin, and the cup's page tells the admin so, with what they can
 * do (a walkover for either team, or playing it again from the start); the replay schedules it
 * anew and the notice goes. Looked at (no sideways scroll) at 1366 and 360 px.
 */
import { describe, expect, test } from "vitest";
import { api } from "../../convex/_generated/api";
import type { BracketConfig } from "../../convex/lib/cupFields";
import type { TournamentFormat } from "../../convex/lib/tournamentFields";
import { client, demoAdminToken } from "../../dev/bench/util";
import { chromiumPath, newPage, screenshotDir, useDemoEnv } from "./browser";
import { lookAt } from "./demo-steps";

const WAIT = { timeout: 90_000 };
/** 1v1 on one map: a ban each, the decider's side. */
const VETO: TournamentFormat = {
  preset: "custom",
  teamSize: 1,
  mapPool: ["de_dust2", "de_mirage", "de_nuke"],
  sequence: [
    { team: "teamA", action: "Ban" },
    { team: "teamB", action: "Ban" },
    { team: "teamA", action: "SidePick" },
  ],
  readyCheck: false,
  turnSeconds: 0,
  firstTeam: "teamA",
};
const shots = screenshotDir();
const env = useDemoEnv();

describe.skipIf(!chromiumPath)("a stalled cup match", () => {
  test("teams that never checked in, walkovers off: the admin is told and replays it", async () => {
    const admin = client(env.demo.backend.url);
    admin.setAuth(async () => demoAdminToken());
    const servers = await admin.query(api.servers.list, {});
    const cup = await admin.action(api.cupAdmin.create, {
      name: "Кубок без явки",
      bracket: { format: "single_elimination", bestOf: 1, finalBestOf: 1 } as BracketConfig,
      seeding: "manual",
      veto: VETO,
      serverIds: [servers[1]!._id],
      teamsMax: 2,
      checkInMinutes: 1,
      startDelayMinutes: 1,
      noShowWalkover: false,
    });
    for (const [i, name] of ["Вовки", "Лиси"].entries()) {
      await admin.action(api.cupAdmin.addTeam, {
        cupId: cup.id,
        name,
        tag: name.toUpperCase(),
        steamIds: [`7656119800000050${i}`],
      });
    }
    await admin.action(api.cupAdmin.start, { cupId: cup.id });
    const match = (await admin.query(api.cups.bracket, { slug: cup.slug }))!.matches[0]!;
    // The start comes a few seconds from now; nobody checks in.
    await admin.action(api.cupAdmin.reschedule, { matchId: match.id, startAt: Date.now() + 3_000 });

    const staff = await newPage(env, { width: 1366 });
    const a = staff.page;
    await a.goto(`${env.url}?tab=auth`);
    await a.getByRole("button", { name: "Увійти як адміністратор (демо)" }).click();
    await a.getByText("Авторизація успішна!").waitFor(WAIT);
    await a.goto(`${env.url}cup/${cup.slug}`);
    const told = a.getByRole("region", { name: "Матчі, що чекають на рішення адміністратора" });
    const stall = told.getByRole("article", { name: "F" });
    await stall
      .getByText("Команда не відмітилася до початку, а технічні поразки в цьому кубку вимкнено.")
      .waitFor(WAIT);
    await stall.getByRole("button", { name: "Технічна перемога: Вовки" }).waitFor(WAIT);
    await stall.getByRole("button", { name: "Технічна перемога: Лиси" }).waitFor(WAIT);
    await lookAt(a, shots, "cup-stall");

    await stall.getByRole("button", { name: "Переграти з початку" }).click();
    await told.waitFor({ state: "detached", ...WAIT });
    const replayed = (await admin.query(api.cups.bracket, { slug: cup.slug }))!.matches[0]!;
    expect(["scheduled", "check_in"]).toContain(replayed.phase);
    expect(replayed.startAt!).toBeGreaterThan(Date.now());
    await staff.context.close();
    await admin.close();
  }, 300_000);
});
