import { currentLanguage, t, type MessageKey } from "@/i18n";
import { DEFAULT_LANGUAGE } from "@/i18n/languages";
import "@/i18n/load/audit";
import "@/i18n/load/moderation";
import "@/i18n/load/tournament";
import { actionText } from "@/lib/action-text";
import {
  ACTION_NAMES,
  AUDIT_DETAIL_TEXTS,
  isActionName,
  type AuditDetailKey,
  type PanelEvent,
} from "@/lib/catalog";
import { ownValue } from "@/lib/own-key";
import { formatDateTime, nameCollator } from "@/i18n/format";

/**
 * Audit entries name what happened with the backend's typed names: server actions (labelled from
 * their registry entry) and the panel's own events, each of which must have a label here.
 */
const EVENTS: Record<PanelEvent, MessageKey> = {
  toggle: "audit.event.toggle",
  toggleReadBack: "audit.event.toggleReadBack",
  match_recover: "audit.event.matchRecover",
  unauthorized_burst: "audit.event.unauthorizedBurst",
  banList: "audit.event.banList",
  randomPlayers: "audit.event.randomPlayers",
  guest_admin: "audit.event.guestAdmin",
  guest_admin_on: "audit.event.guestAdminOn",
  guest_admin_off: "audit.event.guestAdminOff",
  server_save: "audit.event.serverSave",
  server_add: "audit.event.serverAdd",
  server_update: "audit.event.serverUpdate",
  server_delete: "audit.event.serverDelete",
  admin_role: "audit.event.adminRole",
  admin_grant: "audit.event.adminGrant",
  admin_revoke: "audit.event.adminRevoke",
  tournament_launch: "audit.event.tournamentLaunch",
  tournament_create: "audit.event.tournamentCreate",
  tournament_pick_side: "audit.event.tournamentPickSide",
  match_void: "audit.event.matchVoid",
  demo_hide: "audit.event.demoHide",
  demo_show: "audit.event.demoShow",
  demo_pin: "audit.event.demoPin",
  demo_unpin: "audit.event.demoUnpin",
  demo_delete: "audit.event.demoDelete",
  demo_attach: "audit.event.demoAttach",
  demo_retention: "audit.event.demoRetention",
  discord_webhook: "audit.event.discordWebhook",
  discord_test: "audit.event.discordTest",
  discord_language: "audit.event.discordLanguage",
  setup_check: "audit.event.setupCheck",
  tournament_admin: "tournament.audit.admin",
  tournament_forceStart: "tournament.audit.forceStart",
  tournament_pause: "tournament.audit.pause",
  tournament_resume: "tournament.audit.resume",
  tournament_archive: "tournament.audit.archive",
  tournament_unarchive: "tournament.audit.unarchive",
  moderator_role: "audit.event.moderatorRole",
  moderator_grant: "audit.event.moderatorGrant",
  moderator_revoke: "audit.event.moderatorRevoke",
  moderation_settings: "audit.event.moderationSettings",
  steam_link: "audit.event.steamLink",
  tournament_seat: "audit.event.tournamentSeat",
  tournament_seat_remove: "audit.event.tournamentSeatRemove",
  tournament_seat_replace: "audit.event.tournamentSeatReplace",
  tournament_seat_free_idle: "audit.event.tournamentSeatFreeIdle",
  tournament_rename: "audit.event.tournamentRename",
  cup_create: "audit.event.cupCreate",
  cup_team_add: "audit.event.cupTeamAdd",
  cup_start: "audit.event.cupStart",
  cup_match: "audit.event.cupMatch",
  cup_result: "audit.event.cupResult",
  cup_walkover: "audit.event.cupWalkover",
  cup_replay: "audit.event.cupReplay",
  cup_reschedule: "audit.event.cupReschedule",
  cup_move_server: "audit.event.cupMoveServer",
  cup_archive: "audit.event.cupArchive",
  conduct_settings: "audit.event.conductSettings",
  report_web: "audit.event.reportWeb",
  report_claim: "audit.event.reportClaim",
  report_resolve: "audit.event.reportResolve",
  report_reject: "audit.event.reportReject",
  warn: "audit.event.warn",
  warn_escalate: "audit.event.warnEscalate",
  warn_dismiss: "audit.event.warnDismiss",
  appeal_submit: "audit.event.appealSubmit",
  appeal_accept: "audit.event.appealAccept",
  appeal_reject: "audit.event.appealReject",
  steam_unlink: "audit.event.steamUnlink",
};

export function auditActionLabel(action: string): string {
  if (isActionName(action)) return actionText(action);
  const key = ownValue<MessageKey>(EVENTS, action);
  return key ? t(key) : action;
}

/** Every action the log names, as the filter offers them: label → id, sorted by label. */
export function auditActionOptions(): { value: string; label: string }[] {
  const seen = new Set<string>();
  return [...ACTION_NAMES, ...Object.keys(EVENTS)]
    .map((id) => ({ value: id, label: auditActionLabel(id) }))
    .filter((o) => !seen.has(o.label) && seen.add(o.label))
    .sort((a, b) => nameCollator.compare(a.label, b.label));
}

const OUTCOMES: Record<string, MessageKey> = {
  success: "audit.outcome.success",
  failure: "audit.outcome.failure",
  unauthorized: "audit.outcome.unauthorized",
};

const IDENTITIES: Record<string, MessageKey> = {
  anonymous: "audit.identity.anonymous",
  signedIn: "audit.identity.signedIn",
  admin: "audit.identity.admin",
  moderator: "moderation.identity.moderator",
};

export function auditOutcomeLabel(outcome: string): string {
  const key = ownValue(OUTCOMES, outcome);
  return key ? t(key) : outcome;
}

export function auditIdentityLabel(identity: string): string {
  const key = ownValue(IDENTITIES, identity);
  return key ? t(key) : identity;
}

/** Entry time to the second, as the panel writes moments. */
export function formatAuditTime(at: number): string {
  return formatDateTime(at, { seconds: true });
}

/** The details texts the backend writes itself, by their stored words (the panel's language). */
const DETAIL_KEYS = new Map<string, AuditDetailKey>(
  Object.entries(AUDIT_DETAIL_TEXTS[DEFAULT_LANGUAGE]).map(([key, text]) => [
    text,
    key as AuditDetailKey,
  ]),
);

/**
 * Details stored without a key as the reader reads them: a text the backend writes itself without
 * parameters (texts/auditDetails.ts) in the reader's language (older entries hold the same
 * words), anything else as it was stored (names, maps, commands, a game server's words).
 */
export function storedDetailsText(details: string): string {
  const key = DETAIL_KEYS.get(details);
  const texts = ownValue(AUDIT_DETAIL_TEXTS, currentLanguage());
  return key && texts ? texts[key] : details;
}
