/**
 * Moderation without a game server: vanity URLs through a local stand-in for the Steam Web API,
 * the admin-edited settings, and the public ban list switch.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import { resolveSteamId, VANITY_MESSAGES } from "./model/steam/vanity";
import { DEFAULT_MODERATION_SETTINGS } from "./lib/moderationDefaults";
import { personas, serverRow, setupTest } from "./test.setup";

const GABE = "76561197960287930";
let steam: Server;
const seen: string[] = [];

beforeAll(async () => {
  steam = createServer((req, res) => {
    seen.push(req.url ?? "");
    const url = new URL(req.url ?? "/", "http://x");
    const name = url.searchParams.get("vanityurl");
    const body =
      url.pathname === "/ISteamUser/ResolveVanityURL/v1/" && url.searchParams.get("key") === "k1"
        ? name === "gaben"
          ? { response: { steamid: GABE, success: 1 } }
          : { response: { success: 42, message: "No match" } }
        : null;
    res.writeHead(body ? 200 : 403, { "content-type": "application/json" });
    res.end(JSON.stringify(body ?? {}));
  });
  await new Promise<void>((r) => steam.listen(0, "127.0.0.1", r));
});
afterAll(async () => {
  delete process.env.STEAM_WEB_API_KEY;
  delete process.env.STEAM_WEB_API_BASE;
  await new Promise((r) => steam.close(r));
});

describe("resolveSteamId", () => {
  test("without STEAM_WEB_API_KEY a vanity URL gets a clear Ukrainian message", async () => {
    delete process.env.STEAM_WEB_API_KEY;
    await expect(resolveSteamId("https://steamcommunity.com/id/gaben")).rejects.toMatchObject({
      data: { code: "INVALID_INPUT", message: VANITY_MESSAGES.noKey },
    });
    expect(await resolveSteamId("STEAM_0:0:11101")).toBe(GABE);
  });

  test("with a key, vanity URLs resolve through ResolveVanityURL", async () => {
    process.env.STEAM_WEB_API_KEY = "k1";
    process.env.STEAM_WEB_API_BASE = `http://127.0.0.1:${(steam.address() as AddressInfo).port}/`;
    expect(await resolveSteamId("https://steamcommunity.com/id/gaben/")).toBe(GABE);
    expect(seen.at(-1)).toContain("vanityurl=gaben");
    await expect(resolveSteamId("steamcommunity.com/id/nobody_here")).rejects.toMatchObject({
      data: { code: "NOT_FOUND", message: VANITY_MESSAGES.notFound },
    });
    process.env.STEAM_WEB_API_KEY = "wrong";
    await expect(resolveSteamId("steamcommunity.com/id/gaben")).rejects.toMatchObject({
      data: { code: "GAME_SERVER", message: VANITY_MESSAGES.unavailable },
    });
  });

  test("invalid input is refused before any request", async () => {
    const before = seen.length;
    await expect(resolveSteamId("not a steam id")).rejects.toMatchObject({
      data: { code: "INVALID_INPUT" },
    });
    expect(seen.length).toBe(before);
  });
});

describe("moderation settings and the public ban list", () => {
  test("defaults: Ukrainian reasons, bounded moderators, ban list private", async () => {
    const t = setupTest();
    const { asModerator, anonymous } = await personas(t);
    expect(await asModerator.query(api.moderation.settings, {})).toEqual(
      DEFAULT_MODERATION_SETTINGS,
    );
    expect(DEFAULT_MODERATION_SETTINGS.banReasons).toContain("Образи в голосовому чаті");
    expect(await anonymous.query(api.moderation.publicBanListInfo, {})).toEqual({
      enabled: false,
    });
  });

  test("admins edit settings (cleaned, audited); a public list hides who banned unless allowed", async () => {
    const t = setupTest();
    const { asAdmin, anonymous } = await personas(t);
    await t.run(async (ctx) => {
      await ctx.db.insert("bansInForce", {
        steamId: GABE,
        serverId: await ctx.db.insert("servers", serverRow()),
        playerName: "<b>@everyone</b>",
        reason: "Чити",
        durationMinutes: 0,
        at: 1,
        by: "Olena",
        byRole: "admin",
      });
    });
    const settings = {
      ...DEFAULT_MODERATION_SETTINGS,
      banReasons: [" Чити ", "Чити", 'Спам"; quit'],
      publicBanList: true,
    };
    await asAdmin.action(api.moderation.saveSettings, { settings });
    const saved = await anonymous.query(api.moderation.publicBanListInfo, {});
    expect(saved.enabled).toBe(true);
    const stored = await asAdmin.query(api.moderation.settings, {});
    expect(stored.banReasons).toEqual(["Чити", "Спам quit"]);
    const page = await anonymous.query(api.moderation.publicBans, {
      paginationOpts: { numItems: 10, cursor: null },
    });
    expect(page.page).toEqual([
      expect.objectContaining({ steamId: GABE, playerName: "<b>@everyone</b>", reason: "Чити" }),
    ]);
    expect(page.page[0]?.by).toBeUndefined();
    await asAdmin.action(api.moderation.saveSettings, {
      settings: { ...stored, publicShowsModerator: true },
    });
    const named = await anonymous.query(api.moderation.publicBans, {
      paginationOpts: { numItems: 10, cursor: null },
    });
    expect(named.page[0]?.by).toBe("Olena");
    const audit = await t.run((ctx) => ctx.db.query("auditLog").collect());
    expect(audit.filter((e) => e.action === "moderation_settings")).toHaveLength(2);
  });

  test("GET /api/bans: 404 while private; public with ISO dates, bounded limit, no banner unless allowed", async () => {
    const t = setupTest();
    const { asAdmin } = await personas(t);
    const get = async (path: string) => {
      const res = await t.fetch(path, { method: "GET" });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    expect(await get("/api/bans")).toEqual({
      status: 404,
      body: { error: "Ban list is not public" },
    });
    const now = Date.now();
    await t.run(async (ctx) => {
      const serverId = await ctx.db.insert("servers", serverRow());
      for (const [at, name, steamId] of [
        [now - 2_000, "first", "76561197960287931"],
        [now - 1_000, "<script>", GABE],
      ] as const) {
        await ctx.db.insert("bansInForce", {
          steamId,
          serverId,
          serverName: "Server #1",
          playerName: name,
          reason: "Чити",
          durationMinutes: 60,
          expiresAt: at + 3_600_000,
          at,
          by: "Olena",
          byRole: "admin",
        });
      }
    });
    await asAdmin.action(api.moderation.saveSettings, {
      settings: { ...DEFAULT_MODERATION_SETTINGS, publicBanList: true },
    });
    const first = await get("/api/bans?limit=1");
    expect(first.status).toBe(200);
    expect(first.body.bans).toEqual([
      {
        steamId: GABE,
        name: "<script>",
        reason: "Чити",
        server: "Server #1",
        durationMinutes: 60,
        bannedAt: new Date(now - 1_000).toISOString(),
        expiresAt: new Date(now - 1_000 + 3_600_000).toISOString(),
      },
    ]);
    const next = await get(`/api/bans?limit=1&cursor=${String(first.body.nextCursor)}`);
    expect(next.body).toMatchObject({ bans: [{ name: "first" }], nextCursor: null });
    expect((await get("/api/bans?limit=0")).status).toBe(400);
    expect((await get("/api/bans?limit=101")).status).toBe(400);
    expect((await get("/api/bans?cursor=garbage")).status).toBe(400);
  });

  test("bans in force are rebuilt from records made before they existed", async () => {
    const t = setupTest();
    const now = Date.now();
    await t.run(async (ctx) => {
      const s1 = await ctx.db.insert("servers", serverRow());
      const s2 = await ctx.db.insert("servers", serverRow({ key: "s2", name: "Server #2" }));
      const record = (steamId: string, serverId: typeof s1, kind: "ban" | "unban", at: number) =>
        ctx.db.insert("sanctions", {
          steamId,
          serverId,
          kind,
          ...(kind === "ban" ? { durationMinutes: 0 } : {}),
          at,
          by: "Olena",
          byRole: "admin",
          source: "panel",
        });
      await record(GABE, s1, "ban", now - 3_000);
      await record(GABE, s1, "unban", now - 2_000);
      await record(GABE, s2, "ban", now - 1_000);
      await ctx.db.insert("sanctions", {
        steamId: "76561197960287931",
        serverId: s1,
        kind: "ban",
        durationMinutes: 1,
        expiresAt: now - 1,
        at: now - 60_001,
        by: "Olena",
        byRole: "admin",
        source: "panel",
      });
    });
    await t.mutation(internal.moderation.rebuildBansInForce, {});
    const rows = await t.run((ctx) => ctx.db.query("bansInForce").collect());
    expect(rows.map((r) => [r.steamId, r.at])).toEqual([[GABE, now - 1_000]]);
  });

  test("bad settings are refused with a message", async () => {
    const t = setupTest();
    const { asAdmin } = await personas(t);
    await expect(
      asAdmin.action(api.moderation.saveSettings, {
        settings: { ...DEFAULT_MODERATION_SETTINGS, moderatorMaxMinutes: 0 },
      }),
    ).rejects.toMatchObject({ data: { code: "INVALID_INPUT" } });
    await expect(
      asAdmin.action(api.moderation.saveSettings, {
        settings: { ...DEFAULT_MODERATION_SETTINGS, kickReasons: ["  "] },
      }),
    ).rejects.toMatchObject({ data: { code: "INVALID_INPUT" } });
  });

  test("an admin grants the moderator role (audited); the new moderator reads history", async () => {
    const t = setupTest();
    const { asAdmin, asUser } = await personas(t);
    await expect(
      asUser.query(api.moderation.history, {
        steamId: GABE,
        paginationOpts: { numItems: 5, cursor: null },
      }),
    ).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
    const users = await asAdmin.query(api.users.list, {});
    const petro = users.find((u) => u.username === "Petro")!;
    await asAdmin.action(api.users.setModerator, { userId: petro._id, isModerator: true });
    expect((await asUser.query(api.users.me, {}))?.isModerator).toBe(true);
    const history = await asUser.query(api.moderation.history, {
      steamId: GABE,
      paginationOpts: { numItems: 5, cursor: null },
    });
    expect(history.page).toEqual([]);
    const audit = await t.run((ctx) => ctx.db.query("auditLog").collect());
    expect(audit.map((e) => e.action)).toContain("moderator_grant");
  });
});
