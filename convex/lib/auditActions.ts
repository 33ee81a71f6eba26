/**
 * Every name an audit entry can carry: the server actions of the registry plus the panel's own
 * events. The client labels each one (src/features/audit/utils/audit-labels.ts is typed against
 * `PanelEvent`, so a name without a label does not compile).
 */
import { literals } from "convex-helpers/validators";
import type { Infer } from "convex/values";
import { ACTION_NAMES, isActionName } from "./actionNames";

/** How many matches an audit text search (free text or part of a name) returns, newest first. */
export const AUDIT_SEARCH_MAX = 200;

export const PANEL_EVENTS = [
  "toggle",
  "toggleReadBack",
  "match_recover",
  "unauthorized_burst",
  "banList",
  "randomPlayers",
  "guest_admin",
  "guest_admin_on",
  "guest_admin_off",
  "server_save",
  "server_add",
  "server_update",
  "server_delete",
  "admin_role",
  "admin_grant",
  "admin_revoke",
  "moderator_role",
  "moderator_grant",
  "moderator_revoke",
  "moderation_settings",
  "tournament_create",
  "tournament_admin",
  "tournament_forceStart",
  "tournament_pause",
  "tournament_resume",
  "tournament_archive",
  "tournament_unarchive",
  "tournament_launch",
  "tournament_pick_side",
  "match_void",
  "demo_hide",
  "demo_show",
  "demo_pin",
  "demo_unpin",
  "demo_delete",
  "demo_attach",
  "demo_retention",
  "discord_webhook",
  "discord_test",
  "discord_language",
  "setup_check",
  "steam_link",
  "steam_unlink",
  "tournament_seat",
  "tournament_seat_remove",
  "tournament_seat_replace",
  "tournament_seat_free_idle",
  "tournament_rename",
  "cup_create",
  "cup_team_add",
  "cup_start",
  "cup_match",
  "cup_result",
  "cup_walkover",
  "cup_replay",
  "cup_reschedule",
  "cup_move_server",
  "cup_archive",
  "conduct_settings",
  "report_web",
  "report_claim",
  "report_resolve",
  "report_reject",
  "warn",
  "warn_escalate",
  "warn_dismiss",
  "appeal_submit",
  "appeal_accept",
  "appeal_reject",
] as const;

export type PanelEvent = (typeof PANEL_EVENTS)[number];

/** The action name of an entry that folds a burst of refusals. */
export const REFUSAL_BURST = "unauthorized_burst" satisfies PanelEvent;

export const vAuditAction = literals(...ACTION_NAMES, ...PANEL_EVENTS);
export type AuditAction = Infer<typeof vAuditAction>;

const PANEL_EVENT_SET: ReadonlySet<string> = new Set(PANEL_EVENTS);

/** Own-key check for names read back from stored entries or sent by a client filter. */
export function isAuditAction(name: string): name is AuditAction {
  return isActionName(name) || PANEL_EVENT_SET.has(name);
}
