import { t, type MessageKey } from "@/i18n/uk";
import { actionLabel, isActionName, type PanelEvent } from "@/lib/catalog";
import { ownValue } from "@/lib/own-key";

/**
 * Audit entries name what happened with the backend's typed names: server actions (labelled from
 * their registry entry) and the panel's own events, each of which must have a label here.
 */
const EVENTS: Record<PanelEvent, MessageKey> = {
  toggle: "audit.event.toggle",
  unauthorized_burst: "audit.event.unauthorizedBurst",
  banList: "audit.event.banList",
  randomPlayers: "audit.event.randomPlayers",
  guest_admin: "audit.event.guestAdmin",
  guest_admin_on: "audit.event.guestAdminOn",
  guest_admin_off: "audit.event.guestAdminOff",
  server_save: "audit.event.serverSave",
  server_add: "audit.event.serverAdd",
  server_update: "audit.event.serverUpdate",
  admin_role: "audit.event.adminRole",
  admin_grant: "audit.event.adminGrant",
  admin_revoke: "audit.event.adminRevoke",
  tournament_launch: "audit.event.tournamentLaunch",
  tournament_create: "audit.event.tournamentCreate",
  tournament_pick_side: "audit.event.tournamentPickSide",
  match_void: "audit.event.matchVoid",
  discord_webhook: "audit.event.discordWebhook",
  discord_test: "audit.event.discordTest",
  setup_check: "audit.event.setupCheck",
  tournament_admin: "tournamentX.audit.admin",
  tournament_forceStart: "tournamentX.audit.forceStart",
  tournament_pause: "tournamentX.audit.pause",
  tournament_resume: "tournamentX.audit.resume",
  tournament_archive: "tournamentX.audit.archive",
  moderator_role: "audit.event.moderatorRole",
  moderator_grant: "audit.event.moderatorGrant",
  moderator_revoke: "audit.event.moderatorRevoke",
  moderation_settings: "audit.event.moderationSettings",
  steam_link: "audit.event.steamLink",
  tournament_seat: "audit.event.tournamentSeat",
  tournament_seat_remove: "audit.event.tournamentSeatRemove",
  tournament_seat_replace: "audit.event.tournamentSeatReplace",
  tournament_rename: "audit.event.tournamentRename",
  steam_unlink: "audit.event.steamUnlink",
};

export function auditActionLabel(action: string): string {
  if (isActionName(action)) return actionLabel(action);
  const key = ownValue<MessageKey>(EVENTS, action);
  return key ? t(key) : action;
}

const timeFormat = new Intl.DateTimeFormat("uk-UA", { dateStyle: "short", timeStyle: "medium" });

/** Entry time in the Ukrainian locale, to the second. */
export function formatAuditTime(at: number): string {
  return timeFormat.format(new Date(at));
}
