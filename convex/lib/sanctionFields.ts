/** Validators of the moderation tables and their rows. */
import { v, type Infer } from "convex/values";

export const vSanctionKind = v.union(
  v.literal("kick"),
  v.literal("ban"),
  v.literal("unban"),
  // CS2-SimpleAdmin's communication blocks and their removal.
  v.literal("mute"),
  v.literal("gag"),
  v.literal("silence"),
  v.literal("unmute"),
  v.literal("ungag"),
  v.literal("unsilence"),
);
export type SanctionKind = Infer<typeof vSanctionKind>;

/** Who gave a sanction, as the backend established it. */
export const vSanctionRole = v.union(
  v.literal("admin"),
  v.literal("moderator"),
  v.literal("guest"),
);
export type SanctionRole = Infer<typeof vSanctionRole>;

export const sanctionFields = {
  steamId: v.string(),
  /** Last known in-game name (attacker-controlled text: rendered as text only). */
  playerName: v.optional(v.string()),
  kind: vSanctionKind,
  reason: v.optional(v.string()),
  /** Minutes; 0 = permanent. Bans, mutes, gags and silences. */
  durationMinutes: v.optional(v.number()),
  expiresAt: v.optional(v.number()),
  serverId: v.optional(v.id("servers")),
  serverName: v.optional(v.string()),
  at: v.number(),
  /** Panel username of who gave it (from the identity, never from the client). */
  by: v.string(),
  byRole: vSanctionRole,
  source: v.union(v.literal("panel"), v.literal("gameServer")),
};

/** A panel ban in force on one server (the newest ban given there, until lifted or expired). */
export const banInForceFields = {
  steamId: v.string(),
  serverId: v.id("servers"),
  serverName: v.optional(v.string()),
  playerName: v.optional(v.string()),
  reason: v.optional(v.string()),
  /** Minutes; 0 = permanent. */
  durationMinutes: v.number(),
  expiresAt: v.optional(v.number()),
  at: v.number(),
  by: v.string(),
  byRole: vSanctionRole,
  /** Made on the game server itself and imported when its ban list was read. */
  source: v.optional(v.union(v.literal("panel"), v.literal("gameServer"))),
};

/** A mute, gag or silence in force on one server (the newest of its kind there, until lifted or
 * expired): a copy of the record that gave it, so the list of blocks reads one index range. */
export const commsInForceFields = {
  ...sanctionFields,
  serverId: v.id("servers"),
  kind: v.union(v.literal("mute"), v.literal("gag"), v.literal("silence")),
  sanctionId: v.id("sanctions"),
};

export const moderationSettingsFields = {
  banReasons: v.array(v.string()),
  kickReasons: v.array(v.string()),
  /** Ban duration presets in minutes; 0 = permanent (offered to admins only). */
  banDurations: v.array(v.number()),
  /** The longest ban a moderator may give, in minutes. */
  moderatorMaxMinutes: v.number(),
  /** The community's ban list is public (page + API). Off by default. */
  publicBanList: v.boolean(),
  /** The public ban list names who banned. */
  publicShowsModerator: v.boolean(),
};
export const vModerationSettings = v.object(moderationSettingsFields);
export type ModerationSettings = Infer<typeof vModerationSettings>;
