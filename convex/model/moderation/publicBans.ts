/**
 * The community's public ban list (an admin setting, off by default): the `/bans` page and
 * `GET /api/bans` read the same page of the panel's bans in force, one per player and server,
 * newest first (lifted and expired bans are gone), naming who banned only when the admin allows it.
 */
import type { PaginationOptions, PaginationResult } from "convex/server";
import { v, type Infer } from "convex/values";
import type { QueryCtx } from "../../_generated/server";
import { invalidLimit, parseLimit } from "../../lib/apiLimit";
import { paginateSafely } from "../../lib/pagination";
import { getModerationSettings } from "./settings";

export const PUBLIC_BANS_MAX_PAGE = 100;

export const vPublicBan = v.object({
  _id: v.id("bansInForce"),
  steamId: v.string(),
  serverName: v.optional(v.string()),
  playerName: v.optional(v.string()),
  reason: v.optional(v.string()),
  durationMinutes: v.optional(v.number()),
  expiresAt: v.optional(v.number()),
  at: v.number(),
  by: v.optional(v.string()),
  /** Where the owner shows who banned: a ban given on the game server itself (the panel words it). */
  byGameServer: v.optional(v.literal(true)),
});
export type PublicBan = Infer<typeof vPublicBan>;

/** Off (the default): an empty last page, the same for everyone. */
export async function publicBanPage(
  ctx: QueryCtx,
  paginationOpts: PaginationOptions,
): Promise<PaginationResult<PublicBan> & { enabled: boolean }> {
  const settings = await getModerationSettings(ctx);
  if (!settings.publicBanList) {
    return { page: [], isDone: true, continueCursor: "", enabled: false };
  }
  const result = await paginateSafely(
    ctx.db.query("bansInForce").withIndex("by_at").order("desc"),
    paginationOpts,
    PUBLIC_BANS_MAX_PAGE,
  );
  // A ban past its expiry is gone even before its scheduled clean-up ran.
  const now = Date.now();
  return {
    ...result,
    enabled: true,
    page: result.page
      .filter((s) => s.expiresAt === undefined || s.expiresAt > now)
      .map((s) => ({
        _id: s._id,
        steamId: s.steamId,
        serverName: s.serverName,
        playerName: s.playerName,
        reason: s.reason,
        durationMinutes: s.durationMinutes,
        expiresAt: s.expiresAt,
        at: s.at,
        ...(settings.publicShowsModerator
          ? s.source === "gameServer"
            ? { byGameServer: true as const }
            : { by: s.by }
          : {}),
      })),
  };
}

const DEFAULT_API_LIMIT = 50;

/** `GET /api/bans?limit=&cursor=` as a response: 404 while private, 400 on a bad limit. */
export async function publicBansResponse(
  read: (
    limit: number,
    cursor: string | null,
  ) => Promise<{
    enabled: boolean;
    page: PublicBan[];
    isDone: boolean;
    continueCursor: string;
  }>,
  query: URLSearchParams,
): Promise<{ status: number; body: unknown }> {
  const asked = parseLimit(query.get("limit"), DEFAULT_API_LIMIT, PUBLIC_BANS_MAX_PAGE);
  if (!asked.ok) return invalidLimit(asked.details);
  const limit = asked.limit;
  let result;
  try {
    result = await read(limit, query.get("cursor"));
  } catch {
    return { status: 400, body: { error: "Invalid cursor" } };
  }
  if (!result.enabled) return { status: 404, body: { error: "Ban list is not public" } };
  const iso = (at: number | undefined) => (at === undefined ? null : new Date(at).toISOString());
  return {
    status: 200,
    body: {
      bans: result.page.map((b) => ({
        steamId: b.steamId,
        name: b.playerName ?? null,
        reason: b.reason ?? null,
        server: b.serverName ?? null,
        durationMinutes: b.durationMinutes ?? null,
        bannedAt: iso(b.at),
        expiresAt: iso(b.expiresAt),
        ...(b.by !== undefined ? { by: b.by } : b.byGameServer ? { byGameServer: true } : {}),
      })),
      nextCursor: result.isDone ? null : result.continueCursor,
    },
  };
}
