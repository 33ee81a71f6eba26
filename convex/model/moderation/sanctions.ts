/**
 * Sanctions as plain functions: who may give which ban, who may lift which, and the records
 * themselves (one per kick, ban and unban given from the panel).
 */
import { v, type Infer, type ObjectType } from "convex/values";
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import type { CommsKind } from "../../lib/actionRegistry";
import { fail } from "../../lib/errors";
import { MAX_SANCTION_MINUTES } from "../../lib/moderationDefaults";
import { MODERATION_TEXTS } from "../../lib/texts/moderation";
import { wordedIn, type Worded } from "../../lib/wording";
import type { Actor } from "../../lib/validators";
import { applyToCommsInForce } from "./commsInForce";
import {
  type sanctionFields,
  vSanctionRole,
  type ModerationSettings,
  type SanctionKind,
  type SanctionRole,
} from "../../lib/sanctionFields";

export const MAX_REASON_LENGTH = 100;
/** The plugin's bound (10 years), see validateDuration in gameServer/consoleInput.ts. */
export const MAX_BAN_MINUTES = MAX_SANCTION_MINUTES;

const text = (key: keyof typeof MODERATION_TEXTS) => MODERATION_TEXTS[key];
const withMax = (key: keyof typeof MODERATION_TEXTS) => (max: number) =>
  wordedIn(MODERATION_TEXTS, key, { max });

export const SANCTION_MESSAGES = {
  permanentAdminOnly: text("refusal.moderation.permanentAdminOnly"),
  overModeratorMax: withMax("refusal.moderation.overModeratorMax"),
  badDuration: text("refusal.moderation.badDuration"),
  reasonRequired: text("refusal.moderation.reasonRequired"),
  reasonTooLong: withMax("refusal.moderation.reasonTooLong")(MAX_REASON_LENGTH),
  unbanNotOwn: text("refusal.moderation.unbanNotOwn"),
  replaceNotOwn: text("refusal.moderation.replaceNotOwn"),
  commsUnsupported: (server: string) =>
    wordedIn(MODERATION_TEXTS, "refusal.moderation.commsUnsupported", { server }),
  commsPermanentAdminOnly: text("refusal.moderation.commsPermanentAdminOnly"),
  commsOverModeratorMax: withMax("refusal.moderation.commsOverModeratorMax"),
  commsBadDuration: text("refusal.moderation.commsBadDuration"),
  replaceCommsNotOwn: text("refusal.moderation.replaceCommsNotOwn"),
  uncommsNotOwn: text("refusal.moderation.uncommsNotOwn"),
} as const;

/** A whole number of minutes within the plugin's bound; 0 is permanent. */
export function isValidDuration(minutes: number): boolean {
  return Number.isInteger(minutes) && minutes >= 0 && minutes <= MAX_BAN_MINUTES;
}

/**
 * A reason safe everywhere it goes: no control characters, quotes, semicolons or backslashes
 * (an RCON console line ends at ";" and quotes group arguments), single spaces, bounded.
 */
export function cleanReason(reason: string): string {
  return reason
    .replace(/[\p{Cc}\p{Cf}"';\\`]/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_REASON_LENGTH);
}

/** A required, cleaned reason. */
export function requireReason(reason: string): string {
  if (reason.length > MAX_REASON_LENGTH * 4) fail("INVALID_INPUT", SANCTION_MESSAGES.reasonTooLong);
  const cleaned = cleanReason(reason);
  if (!cleaned) fail("INVALID_INPUT", SANCTION_MESSAGES.reasonRequired);
  return cleaned;
}

/** Who may give a ban this long: admins any, moderators a bounded, non-permanent one. */
export function checkBanDuration(
  role: SanctionRole,
  minutes: number,
  settings: Pick<ModerationSettings, "moderatorMaxMinutes">,
): void {
  checkDuration(role, minutes, settings, {
    bad: SANCTION_MESSAGES.badDuration,
    permanent: SANCTION_MESSAGES.permanentAdminOnly,
    overMax: SANCTION_MESSAGES.overModeratorMax,
  });
}

function checkDuration(
  role: SanctionRole,
  minutes: number,
  settings: Pick<ModerationSettings, "moderatorMaxMinutes">,
  say: { bad: string; permanent: string; overMax: (max: number) => Worded },
): void {
  if (!isValidDuration(minutes)) fail("INVALID_INPUT", say.bad);
  if (role === "admin") return;
  if (minutes === 0) fail("FORBIDDEN", say.permanent);
  if (minutes > settings.moderatorMaxMinutes) {
    fail("FORBIDDEN", say.overMax(settings.moderatorMaxMinutes));
  }
}

/** A ban as the rules see it: who gave it and for how long (0 = permanent). */
export const vBanTerms = v.object({ byRole: vSanctionRole, durationMinutes: v.number() });
export type BanTerms = Infer<typeof vBanTerms>;

/**
 * The ban in force for one player on one server: the panel's record of it, and the game server's
 * own ban list entry (the truth there; `undefined` when it was not read). A ban on the game
 * server that the panel did not give counts as an admin's.
 */
export interface BanInForce {
  panel: BanTerms | null;
  onServer?: { durationMinutes: number } | null;
}

function withinModerator(minutes: number, max: number): boolean {
  return minutes > 0 && minutes <= max;
}

/** Whether a moderator could have given (and so may replace or lift) the ban in force. */
function moderatorsOwn(ban: BanInForce, max: number): boolean {
  const { panel, onServer } = ban;
  if (onServer && !withinModerator(onServer.durationMinutes, max)) return false;
  return (
    panel !== null && panel.byRole === "moderator" && withinModerator(panel.durationMinutes, max)
  );
}

/**
 * A new ban replaces the one in force on that server (the game server keeps one entry per
 * player), so a moderator may not ban over a ban they could not have given: permanent, longer
 * than their maximum, or an admin's. Admins replace anything.
 */
export function checkReplaceBan(
  role: SanctionRole,
  ban: BanInForce,
  settings: Pick<ModerationSettings, "moderatorMaxMinutes">,
): void {
  if (role === "admin") return;
  const inForce = ban.onServer !== undefined ? ban.onServer !== null : ban.panel !== null;
  if (inForce && !moderatorsOwn(ban, settings.moderatorMaxMinutes)) {
    fail("FORBIDDEN", SANCTION_MESSAGES.replaceNotOwn);
  }
}

/** Whether the caller may lift the ban in force (the staff ban list offers unban only then). */
export function canLiftBan(
  role: SanctionRole,
  ban: BanInForce,
  settings: Pick<ModerationSettings, "moderatorMaxMinutes">,
): boolean {
  return role === "admin" || moderatorsOwn(ban, settings.moderatorMaxMinutes);
}

/**
 * Moderators lift only what a moderator could have given, judged on the ban in force on that
 * server (not the player's latest ban anywhere). Admins lift anything.
 */
export function checkUnban(
  role: SanctionRole,
  ban: BanInForce,
  settings: Pick<ModerationSettings, "moderatorMaxMinutes">,
): void {
  if (role === "admin") return;
  if (!moderatorsOwn(ban, settings.moderatorMaxMinutes)) {
    fail("FORBIDDEN", SANCTION_MESSAGES.unbanNotOwn);
  }
}

/** The panel's ban in force for a player on a server; an expired one is none. */
export async function panelBanInForce(
  ctx: QueryCtx,
  steamId: string,
  serverId: Id<"servers">,
  now: number,
) {
  const row = await ctx.db
    .query("bansInForce")
    .withIndex("by_steamId_and_serverId", (q) => q.eq("steamId", steamId).eq("serverId", serverId))
    .unique();
  return row && (row.expiresAt === undefined || row.expiresAt > now) ? row : null;
}

/** Who may give a mute, gag or silence this long: the same bounds as a moderator's ban. */
export function checkCommsDuration(
  role: SanctionRole,
  minutes: number,
  settings: Pick<ModerationSettings, "moderatorMaxMinutes">,
): void {
  checkDuration(role, minutes, settings, {
    bad: SANCTION_MESSAGES.commsBadDuration,
    permanent: SANCTION_MESSAGES.commsPermanentAdminOnly,
    overMax: SANCTION_MESSAGES.commsOverModeratorMax,
  });
}

/**
 * A new mute, gag or silence replaces the block of its kind in force on that server (CS2-SimpleAdmin
 * keeps one per player and kind, and a silence stands for both), so a moderator may give one only
 * over blocks a moderator could have given: a moderator's temporary ones. Admins replace anything.
 */
export function checkReplaceComms(
  role: SanctionRole,
  inForce: readonly Pick<Doc<"sanctions">, "byRole" | "durationMinutes">[],
): void {
  if (role === "admin") return;
  if (inForce.some((s) => s.byRole !== "moderator" || !s.durationMinutes)) {
    fail("FORBIDDEN", SANCTION_MESSAGES.replaceCommsNotOwn);
  }
}

/** The kinds whose blocks a new block of `kind` replaces or overlaps: a silence is both. */
export function commsReplacedBy(kind: CommsKind): readonly CommsKind[] {
  return kind === "silence" ? ["mute", "gag", "silence"] : [kind];
}

/**
 * Moderators lift only what moderators gave, judged on the block in force on that server: the
 * player's latest record of that kind there (or a silence, which covers both) must be a
 * moderator's temporary one that has not been lifted already.
 */
export function checkUncomms(
  role: SanctionRole,
  inForce: Pick<Doc<"sanctions">, "byRole" | "durationMinutes"> | null,
): void {
  if (!canLiftComms(role, inForce)) fail("FORBIDDEN", SANCTION_MESSAGES.uncommsNotOwn);
}

/** Whether the caller may lift this block (the list offers «Зняти» only then). */
export function canLiftComms(
  role: SanctionRole,
  inForce: Pick<Doc<"sanctions">, "byRole" | "durationMinutes"> | null,
): boolean {
  if (role === "admin") return true;
  return !!inForce && inForce.byRole === "moderator" && inForce.durationMinutes !== 0;
}

/** The block of `kind` in force for a player on a server, from our records (null if none). */
export async function commsInForce(
  ctx: QueryCtx,
  steamId: string,
  serverId: Id<"servers">,
  kind: CommsKind,
  now: number,
) {
  const covering: SanctionKind[] = kind === "silence" ? ["silence"] : [kind, "silence"];
  const lifts: SanctionKind[] =
    kind === "silence" ? ["unsilence", "unmute", "ungag"] : [`un${kind}`, "unsilence"];
  const recent = await ctx.db
    .query("sanctions")
    .withIndex("by_steamId_and_at", (q) => q.eq("steamId", steamId))
    .order("desc")
    .take(50);
  for (const s of recent) {
    if (s.serverId !== serverId) continue;
    if (lifts.includes(s.kind)) return null;
    if (covering.includes(s.kind)) {
      return s.expiresAt !== undefined && s.expiresAt <= now ? null : s;
    }
  }
  return null;
}

/** A sanction as its giver states it; when, by whom and where it is recorded are added here. */
export type NewSanction = Pick<
  ObjectType<typeof sanctionFields>,
  "steamId" | "playerName" | "kind" | "reason" | "durationMinutes" | "serverId"
>;

/** A sanction's giver as the records name him: the actor's name and role. */
export function sanctionRoleOf(actor: Pick<Actor, "identity">): SanctionRole {
  return actor.identity === "admin" || actor.identity === "moderator" ? actor.identity : "guest";
}

/** Appends the record and keeps the ban in force on its server up to date. */
export async function recordSanction(
  ctx: MutationCtx,
  s: NewSanction,
  actor: Actor,
): Promise<void> {
  const at = Date.now();
  const server = s.serverId ? await ctx.db.get("servers", s.serverId) : null;
  const timed = s.kind === "ban" || s.kind === "mute" || s.kind === "gag" || s.kind === "silence";
  const expiresAt = timed && s.durationMinutes ? at + s.durationMinutes * 60_000 : undefined;
  const id = await ctx.db.insert("sanctions", {
    ...s,
    by: actor.username,
    byRole: sanctionRoleOf(actor),
    playerName: s.playerName?.slice(0, 64),
    expiresAt,
    serverName: server?.name,
    at,
    source: "panel",
  });
  const record = (await ctx.db.get("sanctions", id))!;
  await applyToBansInForce(ctx, record, at);
  await applyToCommsInForce(ctx, record, at);
}

/**
 * What one ban or unban record does to the ban in force on its server: a ban replaces it (the
 * game server keeps one entry per player), an unban removes it. A ban already expired adds none.
 */
export async function applyToBansInForce(
  ctx: MutationCtx,
  s: Doc<"sanctions">,
  now: number,
): Promise<void> {
  const serverId = s.serverId;
  if (!serverId || (s.kind !== "ban" && s.kind !== "unban")) return;
  const existing = await ctx.db
    .query("bansInForce")
    .withIndex("by_steamId_and_serverId", (q) =>
      q.eq("steamId", s.steamId).eq("serverId", serverId),
    )
    .unique();
  if (existing) await ctx.db.delete("bansInForce", existing._id);
  if (s.kind === "unban" || (s.expiresAt !== undefined && s.expiresAt <= now)) return;
  const id = await ctx.db.insert(
    "bansInForce",
    banInForceOf(s, serverId, s.playerName ?? existing?.playerName),
  );
  if (s.expiresAt !== undefined) {
    await ctx.scheduler.runAt(s.expiresAt, internal.moderation.expireBan, { id });
  }
}

/** The ban in force a ban record leaves on its server. */
export function banInForceOf(
  s: Omit<Doc<"sanctions">, "_id" | "_creationTime">,
  serverId: Id<"servers">,
  playerName = s.playerName,
) {
  return {
    steamId: s.steamId,
    serverId,
    serverName: s.serverName,
    playerName,
    reason: s.reason,
    durationMinutes: s.durationMinutes ?? 0,
    expiresAt: s.expiresAt,
    at: s.at,
    by: s.by,
    byRole: s.byRole,
    source: s.source,
  };
}

/**
 * Replays one batch of sanction records, oldest first, through `apply` (rebuilding a table kept
 * by the records, for a deployment whose records predate it). The cursor of the next batch, or
 * null when done.
 */
export async function replaySanctions(
  ctx: MutationCtx,
  cursor: string | null,
  apply: (ctx: MutationCtx, record: Doc<"sanctions">, now: number) => Promise<void>,
): Promise<string | null> {
  const batch = await ctx.db.query("sanctions").paginate({ cursor, numItems: 200 });
  const now = Date.now();
  for (const record of batch.page) await apply(ctx, record, now);
  return batch.isDone ? null : batch.continueCursor;
}

/** Drops a ban in force that has run out (scheduled at its expiry). */
export async function expireBanInForce(ctx: MutationCtx, id: Id<"bansInForce">): Promise<void> {
  const row = await ctx.db.get("bansInForce", id);
  if (row?.expiresAt !== undefined && row.expiresAt <= Date.now()) {
    await ctx.db.delete("bansInForce", id);
  }
}

/** How the UI shows a record (no token identifiers). */
export function sanctionRow(s: Doc<"sanctions">) {
  return {
    _id: s._id,
    steamId: s.steamId,
    playerName: s.playerName,
    kind: s.kind,
    reason: s.reason,
    durationMinutes: s.durationMinutes,
    expiresAt: s.expiresAt,
    serverName: s.serverName,
    at: s.at,
    by: s.by,
    byRole: s.byRole,
    source: s.source,
  };
}
