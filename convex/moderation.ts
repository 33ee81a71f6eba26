/** Kick, ban, unban, the ban list and the random player picker: admin only. */
import { v, type Infer } from "convex/values";
import { internal } from "./_generated/api";
import { internalQuery } from "./_generated/server";
import { GameServerError, gameServerRequest } from "./gameServer/request";
import { playerSnapshotOf } from "./model/liveData";
import { fail, MESSAGES } from "./lib/errors";
import { adminAction } from "./lib/functions";
import { isSteamId64 } from "./lib/gameApi";
import { requireServer, runServerAction } from "./serverControl";

const vResult = v.object({ output: v.string() });

interface PlayerRef {
  steamId: string;
  name: string;
  team: string;
}

export const kick = adminAction({
  audit: "kick",
  args: { steamId: v.string() },
  returns: vResult,
  handler: async (ctx, { serverId, steamId }) =>
    await runServerAction(ctx, serverId, { kind: "kick", steamId }),
});

export const ban = adminAction({
  audit: "ban",
  args: { steamId: v.string(), duration: v.number(), reason: v.optional(v.string()) },
  returns: vResult,
  handler: async (ctx, { serverId, steamId, duration, reason }) =>
    await runServerAction(ctx, serverId, { kind: "ban", steamId, duration, reason }),
});

export const unban = adminAction({
  audit: "unban",
  args: { steamId: v.string() },
  returns: vResult,
  handler: async (ctx, { serverId, steamId }) =>
    await runServerAction(ctx, serverId, { kind: "unban", steamId }),
});

/** Current players of a server (for nicknames in the ban list and for the random picker). */
export const currentPlayers = internalQuery({
  args: { serverId: v.id("servers") },
  returns: v.array(v.object({ steamId: v.string(), name: v.string(), team: v.string() })),
  handler: async (ctx, { serverId }) => {
    const row = await playerSnapshotOf(ctx, serverId);
    return (row?.players ?? []).map((p) => ({ steamId: p.steamId, name: p.name, team: p.team }));
  },
});

const vBanEntry = v.object({
  steamId: v.string(),
  nickname: v.union(v.string(), v.null()),
  durationMinutes: v.number(),
  expiresAt: v.union(v.string(), v.null()),
});

type BanEntry = Infer<typeof vBanEntry>;

/** Reads the plugin's ban list (bans live on the game server: CS2 has no working banid/listid). */
export const banList = adminAction({
  audit: "banList",
  args: {},
  returns: v.array(vBanEntry),
  handler: async (ctx, { serverId }): Promise<BanEntry[]> => {
    const server = await requireServer(ctx, serverId);
    const { target } = server;
    let raw: unknown;
    try {
      raw =
        target.connectionType === "HTTP"
          ? await gameServerRequest(target, { path: "/private/banlist", isPrivate: true })
          : JSON.parse(
              (
                await gameServerRequest<{ result?: string }>(target, {
                  method: "POST",
                  path: "/command",
                  body: { command: "css_panel_banlist" },
                })
              ).result ?? "{}",
            );
    } catch (error) {
      const message =
        error instanceof GameServerError ? error.message : "Invalid JSON response from server";
      fail("GAME_SERVER", `Помилка завантаження списку банів: ${message}`);
    }
    const list = (raw as { result?: unknown })?.result;
    if (!Array.isArray(list)) {
      fail("GAME_SERVER", "Помилка завантаження списку банів: Invalid JSON response from server");
    }
    const players: PlayerRef[] = await ctx.runQuery(internal.moderation.currentPlayers, {
      serverId: server.serverId,
    });
    const names = new Map<string, string>(players.map((p) => [p.steamId, p.name]));
    return list
      .filter((b): b is { steamId: string; duration?: unknown; expiresAt?: unknown } =>
        isSteamId64(b?.steamId),
      )
      .slice(0, 500)
      .map((b) => ({
        steamId: b.steamId,
        nickname: names.get(b.steamId) ?? null,
        durationMinutes: Math.max(0, Number.parseInt(String(b.duration ?? "0"), 10) || 0),
        expiresAt: typeof b.expiresAt === "string" ? b.expiresAt : null,
      }));
  },
});

/** Unbiased integer in [0, n) from the platform CSPRNG. */
function randomIndex(n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const buf = new Uint32Array(1);
  do crypto.getRandomValues(buf);
  while (buf[0]! >= limit);
  return buf[0]! % n;
}

export function pickRandom<T>(pool: T[], count: number): T[] {
  const copy = [...pool];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomIndex(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, count);
}

/** Picks `count` players among the Terrorists and Counter-Terrorists, on the backend, audited. */
export const randomPlayers = adminAction({
  audit: "randomPlayers",
  args: { count: v.number() },
  returns: v.object({
    chosen: v.array(v.object({ steamId: v.string(), name: v.string(), team: v.string() })),
    pool: v.array(v.object({ steamId: v.string(), name: v.string(), team: v.string() })),
  }),
  handler: async (ctx, { serverId, count }) => {
    if (!serverId) fail("INVALID_INPUT", MESSAGES.noServer);
    const wanted = Number.isInteger(count) && count >= 1 ? count : 1;
    const players: PlayerRef[] = await ctx.runQuery(internal.moderation.currentPlayers, {
      serverId,
    });
    const pool = players.filter((p) => p.team === "Terrorist" || p.team === "Counter-Terrorist");
    if (wanted > pool.length) {
      fail(
        "INVALID_INPUT",
        `Недостатньо гравців для вибору. Доступно: ${pool.length}, потрібно: ${wanted}`,
      );
    }
    const chosen = pickRandom(pool, wanted);
    await ctx.runMutation(internal.audit.record, {
      username: ctx.viewer.username,
      tokenIdentifier: ctx.viewer.tokenIdentifier,
      action: "randomPlayers",
      serverId,
      outcome: "success",
      details: chosen.map((p) => p.name).join(", "),
    });
    return { chosen, pool };
  },
});
