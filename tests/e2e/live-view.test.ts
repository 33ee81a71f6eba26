/**
 * Demo mode in Chromium: the live view that every visitor sees, fed by the simulator through the
 * shared poller and the in-memory backend, plus the demo sign-in.
 */
import path from "node:path";
import { describe, expect, test } from "vitest";
import type { WireMatch, WirePlayers } from "../../convex/lib/gameApi";
import { chromiumPath, newPage, simJson, screenshotDir, useDemoEnv } from "./browser";

const screenshots = screenshotDir();
const env = useDemoEnv();

describe.skipIf(!chromiumPath)("live view in the browser", () => {
  test("the dashboard shows every server, the online state and the simulator's match, live", async () => {
    const { page, context } = await newPage(env);
    await page.goto(env.url);
    const selector = page.getByRole("combobox").first();
    await expect
      .poll(() => selector.locator("option").allTextContents())
      .toEqual(["Server #1", "Server #2", "Server #3"]);
    await page.getByText("Онлайн", { exact: true }).first().waitFor();

    const wire = await simJson<WireMatch>(env, 0, "/match");
    await page.getByText(wire.mapName, { exact: true }).waitFor();
    // The simulator plays on while the page catches up: compare with its score at each look.
    const shown = async () =>
      `${await page.getByTestId("score-ct").textContent()}:${await page.getByTestId("score-t").textContent()}`;
    const caughtUp = async () => {
      const now = await simJson<WireMatch>(env, 0, "/match");
      return (await shown()) === `${now.scoreCT}:${now.scoreT}`;
    };
    await expect.poll(caughtUp).toBe(true);

    // Without a reload, a change on the game server reaches the page (5 s poll while watched).
    env.demo.sim.servers[0]!.console.exec("changelevel de_nuke");
    await page.getByText("de_nuke", { exact: true }).waitFor({ timeout: 10_000 });
    env.demo.sim.advance(90);
    await expect.poll(caughtUp, { timeout: 10_000 }).toBe(true);

    await page.screenshot({ path: path.join(screenshots, "dashboard.png") });
    await context.close();
  });

  test("the players table fills with the simulator's players and opens a player's details", async () => {
    const { page, context } = await newPage(env);
    await page.goto(`${env.url}?tab=players`);
    const wire = await simJson<WirePlayers>(env, 0, "/players");
    const expected =
      wire.terrorists.length +
      wire.counterTerrorists.length +
      wire.spectators.length +
      wire.offline.length;
    const rows = page.locator("tbody tr");
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(expected);
    await page.screenshot({ path: path.join(screenshots, "players.png") });

    const someone = wire.counterTerrorists[0] ?? wire.terrorists[0]!;
    await page
      .getByRole("row", { name: new RegExp(someone.name) })
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText(someone.steamId).waitFor();
    await context.close();
  });

  test("going offline flips the indicator for everyone, toasts staff once, and recovers by itself", async () => {
    const visitor = await newPage(env);
    const staff = await newPage(env);
    await visitor.page.goto(env.url);
    await staff.page.goto(env.url);
    await staff.page.getByRole("button", { name: "Увійти", exact: true }).click();
    await staff.page.getByRole("button", { name: "Увійти як адміністратор (демо)" }).click();
    await staff.page.getByText("Авторизація успішна!").waitFor();
    for (const { page } of [visitor, staff]) {
      await page.getByText("Онлайн", { exact: true }).first().waitFor();
    }
    await env.demo.sim.servers[0]!.faults.set({ offline: true });
    try {
      const text = "Не вдалося оновити дані з API для сервера Server #1.";
      const toast = staff.page.getByText(text);
      await toast.waitFor({ timeout: 12_000 });
      await staff.page.getByText("Офлайн", { exact: true }).first().waitFor();
      expect(await toast.count()).toBe(1);
      // A visitor learns it from the indicator and the offline notice, not from an error toast.
      await visitor.page.getByText("Офлайн", { exact: true }).first().waitFor({ timeout: 12_000 });
      expect(await visitor.page.getByText(text).count()).toBe(0);
    } finally {
      await env.demo.sim.servers[0]!.faults.set({ offline: false });
    }
    for (const { page } of [visitor, staff]) {
      await page.getByText("Онлайн", { exact: true }).first().waitFor({ timeout: 12_000 });
    }
    await visitor.context.close();
    await staff.context.close();
  });

  test(
    "/connect picks the first online server and points steam:// at it",
    { timeout: 240_000 },
    async () => {
      const { page, context } = await newPage(env);
      const [s1, s2] = env.demo.sim.servers;
      await page.goto(`${env.url}connect`);
      await expect
        // After the automatic launch was tried, a connect button joins the manual link (same href).
        .poll(() => page.locator('a[href^="steam://"]').first().getAttribute("href"))
        .toBe(`steam://connect/127.0.0.1:${s1!.rconPort}`);

      await s1!.faults.set({ offline: true });
      const p2 = await context.newPage();
      await expect
        .poll(
          async () => {
            await p2.goto(`${env.url}connect`);
            return await p2
              .locator('a[href^="steam://"]')
              .first()
              .getAttribute("href", { timeout: 2_000 })
              .catch(() => null);
          },
          // The panel calls a server offline after several failed polls: slow on a loaded machine
          // (over 60 s at load 30).
          { timeout: 150_000 },
        )
        .toBe(`steam://connect/127.0.0.1:${s2!.rconPort}`);
      await s1!.faults.set({ offline: false });
      await context.close();
    },
  );

  test("on a phone the connect page only shows the desktop notice", async () => {
    const { page, context } = await newPage(env, {
      width: 390,
      height: 844,
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
    });
    await page.goto(`${env.url}connect1`);
    await page.getByRole("alert").waitFor();
    expect(await page.getByRole("alert").textContent()).toMatch(/комп/i);
    await context.close();
  });

  test("the demo admin signs in and the panel shows the admin parts", async () => {
    const { page, context } = await newPage(env);
    await page.goto(env.url);
    await page.getByRole("button", { name: "Увійти", exact: true }).click();
    await page.getByRole("button", { name: "Увійти як адміністратор (демо)" }).click();
    await page.getByText("Авторизація успішна!").waitFor();
    await page.getByText("Адмін", { exact: true }).waitFor();
    await page.getByRole("tab", { name: "Керування" }).waitFor();
    await page.getByRole("tab", { name: "Випадкові гравці" }).waitFor();
    await page.reload();
    await page.getByText("Адмін", { exact: true }).waitFor(); // the session survives a reload
    await context.close();
  });
});
