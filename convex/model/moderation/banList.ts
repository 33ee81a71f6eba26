/** The game server's ban list (read over HTTP, the RCON proxy or direct RCON), as plain functions. */
import { MODERATION_TEXTS } from "../../lib/texts/moderation";
import { wordedIn } from "../../lib/wording";
import { v, type Infer } from "convex/values";
import { internal } from "../../_generated/api";
import type { ActionCtx } from "../../_generated/server";
import { GameServerError, gameServerRequest } from "../../gameServer/request";
import { fail } from "../../lib/errors";
import { isSteamId64 } from "../../lib/steamId";
import type { GameServerTarget } from "../../lib/validators";

export const vBanEntry = v.object({
  steamId: v.string(),
  nickname: v.union(v.string(), v.null()),
  durationMinutes: v.number(),
  expiresAt: v.union(v.string(), v.null()),
  /** From the game server's list, else from our record. */
  reason: v.optional(v.string()),
  bannedAt: v.optional(v.string()),
});
export type BanEntry = Infer<typeof vBanEntry>;

/** A ban in force on the game server, merged with our record of it (staff ban list). */
export const vStaffBan = v.object({
  ...vBanEntry.fields,
  /** Who gave it: a panel user, or absent when it was made on the game server itself. */
  by: v.optional(v.string()),
  byRole: v.optional(v.union(v.literal("admin"), v.literal("moderator"), v.literal("guest"))),
  source: v.union(v.literal("panel"), v.literal("gameServer")),
  /** The caller may lift it (admins any; moderators their own temporary ones). */
  canLift: v.boolean(),
});
export type StaffBan = Infer<typeof vStaffBan>;

export const vPlayerRef = v.object({ steamId: v.string(), name: v.string(), team: v.string() });
export type PlayerRef = Infer<typeof vPlayerRef>;

const MAX_WIRE_REASON = 200;

/**
 * Reads the plugin's ban list (bans live on the game server: CS2 has no working banid/listid).
 * Over the RCON proxy and direct RCON the panel plugin prints the same JSON for
 * `css_panel_banlist`; a plain server without it answers `Unknown command`, shown as the error.
 */
export async function fetchBanList(ctx: ActionCtx, target: GameServerTarget): Promise<unknown[]> {
  let raw: unknown;
  try {
    raw =
      target.connectionType === "HTTP"
        ? await gameServerRequest(target, { path: "/private/banlist", isPrivate: true })
        : JSON.parse((await consoleOutput(ctx, target, "css_panel_banlist")) || "{}");
  } catch (error) {
    if (!(error instanceof GameServerError)) {
      fail("GAME_SERVER", MODERATION_TEXTS["refusal.moderation.banListInvalid"]);
    }
    fail(
      "GAME_SERVER",
      wordedIn(MODERATION_TEXTS, "refusal.moderation.banListFailed", { error: error.message }),
    );
  }
  const list = (raw as { result?: unknown })?.result;
  if (!Array.isArray(list)) {
    fail("GAME_SERVER", MODERATION_TEXTS["refusal.moderation.banListInvalid"]);
  }
  return list;
}

/** One read-only console command over the proxy or direct RCON; its output. */
async function consoleOutput(
  ctx: ActionCtx,
  target: GameServerTarget,
  command: string,
): Promise<string> {
  if (target.connectionType !== "RCON") {
    const reply = await gameServerRequest<{ result?: string }>(target, {
      method: "POST",
      path: "/command",
      body: { command },
    });
    return reply.result ?? "";
  }
  const outcome = await ctx.runAction(internal.rcon.exec, { target, steps: [{ command }] });
  if (!outcome.ok) throw new GameServerError(outcome.error, null);
  return outcome.outputs[0] ?? "";
}

/** The valid entries of a raw ban list (at most 500), named from the current players. */
export function banEntries(list: unknown[], players: PlayerRef[]): BanEntry[] {
  const names = new Map<string, string>(players.map((p) => [p.steamId, p.name]));
  return list
    .filter((b): b is { steamId: string; duration?: unknown; expiresAt?: unknown } => {
      const steamId = (b as { steamId?: unknown } | null)?.steamId;
      return typeof steamId === "string" && isSteamId64(steamId);
    })
    .slice(0, 500)
    .map((b) => {
      const raw = b as { reason?: unknown; bannedAt?: unknown };
      return {
        steamId: b.steamId,
        nickname: names.get(b.steamId) ?? null,
        durationMinutes: Math.max(0, Number.parseInt(String(b.duration ?? "0"), 10) || 0),
        expiresAt: typeof b.expiresAt === "string" ? b.expiresAt : null,
        ...(typeof raw.reason === "string" && raw.reason
          ? { reason: raw.reason.slice(0, MAX_WIRE_REASON) }
          : {}),
        ...(typeof raw.bannedAt === "string" ? { bannedAt: raw.bannedAt.slice(0, 40) } : {}),
      };
    });
}

/** One player's entry in a raw ban list (the whole list, not the first 500); null when absent. */
export function banOnServer(list: unknown[], steamId: string): { durationMinutes: number } | null {
  const entry = list.find((b) => (b as { steamId?: unknown } | null)?.steamId === steamId) as
    { duration?: unknown } | undefined;
  if (!entry) return null;
  return { durationMinutes: Math.max(0, Number.parseInt(String(entry.duration ?? "0"), 10) || 0) };
}
