/**
 * The staff ban list: the bans in force as the game server lists them (the truth: a ban made in
 * game or by another tool is there too), merged with the panel's ban in force on that server
 * (reason, who, when). A listed ban the panel has no record of is imported once as a sanction with
 * `source: "gameServer"` (and becomes the ban in force, an admin's by the moderator rules), so a
 * player's sanction history is complete. Lifted and expired bans are not listed: they live in the
 * sanction history.
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import type { BanEntry, StaffBan } from "./banList";
import type { ModerationSettings, SanctionRole } from "../../lib/sanctionFields";
import { applyToBansInForce, canLiftBan, panelBanInForce } from "./sanctions";
import { DEFAULT_LANGUAGE } from "../../lib/languages";
import { GAME_DEFAULT_TEXTS } from "../../lib/texts/gameDefaults";

/**
 * Who a ban made outside the panel is recorded as: a name in the community's language, as stored
 * since the first import. Screens word such a ban from its `source` instead.
 */
export const GAME_SERVER_ACTOR = GAME_DEFAULT_TEXTS[DEFAULT_LANGUAGE].gameServerActor;

function parseTime(iso: string | null | undefined): number | undefined {
  if (!iso) return undefined;
  const at = Date.parse(iso);
  return Number.isFinite(at) ? at : undefined;
}

export async function mergeStaffBans(
  ctx: MutationCtx,
  server: { serverId: Id<"servers">; name: string },
  entries: BanEntry[],
  role: SanctionRole,
  settings: Pick<ModerationSettings, "moderatorMaxMinutes">,
  now: number,
): Promise<{ list: StaffBan[]; imported: number }> {
  const merged: StaffBan[] = [];
  let imported = 0;
  for (const entry of entries) {
    let panel = await panelBanInForce(ctx, entry.steamId, server.serverId, now);
    if (!panel) {
      const at = parseTime(entry.bannedAt) ?? now;
      const id = await ctx.db.insert("sanctions", {
        steamId: entry.steamId,
        ...(entry.nickname ? { playerName: entry.nickname.slice(0, 64) } : {}),
        kind: "ban",
        ...(entry.reason ? { reason: entry.reason.slice(0, 100) } : {}),
        durationMinutes: entry.durationMinutes,
        ...(entry.durationMinutes > 0
          ? { expiresAt: parseTime(entry.expiresAt) ?? at + entry.durationMinutes * 60_000 }
          : {}),
        serverId: server.serverId,
        serverName: server.name,
        at,
        by: GAME_SERVER_ACTOR,
        // Not a moderator's: only admins lift what was banned on the server itself.
        byRole: "admin",
        source: "gameServer",
      });
      await applyToBansInForce(ctx, (await ctx.db.get("sanctions", id))!, now);
      imported++;
      panel = await panelBanInForce(ctx, entry.steamId, server.serverId, now);
    }
    const fromGameServer = !panel || panel.source === "gameServer";
    merged.push({
      ...entry,
      reason: entry.reason ?? panel?.reason,
      bannedAt: entry.bannedAt ?? (panel ? new Date(panel.at).toISOString() : undefined),
      ...(panel && !fromGameServer ? { by: panel.by, byRole: panel.byRole } : {}),
      source: fromGameServer ? "gameServer" : "panel",
      canLift: canLiftBan(
        role,
        {
          panel: panel ? { byRole: panel.byRole, durationMinutes: panel.durationMinutes } : null,
          onServer: { durationMinutes: entry.durationMinutes },
        },
        settings,
      ),
    });
  }
  return { list: merged, imported };
}
