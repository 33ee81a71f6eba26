/**
 * Validators of what players do and what staff answer: the chat log, reports, warnings, appeals
 * and the community's conduct settings (retention, escalation). Chat, names and report texts are
 * attacker-controlled: every one is bounded here and shown as text only.
 */
import { v, type Infer } from "convex/values";
import { vSide } from "./side";
import { vSanctionRole } from "./sanctionFields";
import { GAME_DEFAULT_TEXTS } from "./texts/gameDefaults";

/** Longest chat text kept (CS2 itself cuts a message at 127 characters). */
export const CHAT_TEXT_MAX = 256;
/** Longest name kept with a chat line, a report or a warning. */
export const CONDUCT_NAME_MAX = 64;
/** Longest reason of a report, a warning or a decision. */
export const CONDUCT_REASON_MAX = 200;
/** Longest appeal text. */
export const APPEAL_TEXT_MAX = 1000;
/**
 * What the panel says in game to a `!report`/`!calladmin` it filed: fixed, in both languages the
 * players may read, and nothing a player typed (a `say` line is console input).
 */
export const REPORT_REPLY = `${GAME_DEFAULT_TEXTS.uk.reportReply} ${GAME_DEFAULT_TEXTS.en.reportReply}`;

/** One chat line as the log's edge hands it on: its identity within the log, who, what, when. */
export const vChatIn = v.object({
  /** The line's stamp and identity (`stamp#id`): a resent batch adds nothing. */
  key: v.string(),
  /** How many ms before the batch's last line it was logged (the server's clock, never ours). */
  ago: v.number(),
  name: v.string(),
  steamId: v.string(),
  side: v.optional(vSide),
  teamOnly: v.boolean(),
  text: v.string(),
});
export type ChatIn = Infer<typeof vChatIn>;

export const chatLineFields = {
  serverId: v.id("servers"),
  key: v.string(),
  /** When the panel places it (receive time less its age in the batch). */
  at: v.number(),
  steamId: v.string(),
  name: v.string(),
  side: v.optional(vSide),
  teamOnly: v.boolean(),
  text: v.string(),
  /** The round being played and the score, as the live match showed them when it arrived. */
  round: v.optional(v.number()),
  map: v.optional(v.string()),
};

/** A chat line as staff see it (a report keeps a copy of the lines around it). */
export const vChatLine = v.object({
  at: v.number(),
  steamId: v.string(),
  name: v.string(),
  side: v.optional(vSide),
  teamOnly: v.boolean(),
  text: v.string(),
  round: v.optional(v.number()),
});
export type ChatLine = Infer<typeof vChatLine>;

export const vReportStatus = v.union(
  v.literal("open"),
  v.literal("claimed"),
  v.literal("resolved"),
  v.literal("rejected"),
);
export type ReportStatus = Infer<typeof vReportStatus>;

/** The reported player's numbers in the map being played when the report came. */
export const vReportStats = v.object({
  kills: v.number(),
  deaths: v.number(),
  assists: v.number(),
  adr: v.optional(v.number()),
  headshots: v.optional(v.number()),
});

export const reportFields = {
  source: v.union(v.literal("game"), v.literal("web")),
  /** `!calladmin`: a call for staff, with or without a player named. */
  kind: v.union(v.literal("report"), v.literal("calladmin")),
  serverId: v.optional(v.id("servers")),
  serverName: v.optional(v.string()),
  /** Who reported: a SteamID64 (the game's, or the web user's linked one). */
  reporterSteamId: v.string(),
  reporterName: v.string(),
  /** The web reporter's user row (the game's reporters have none). */
  reporterUserId: v.optional(v.id("users")),
  targetSteamId: v.optional(v.string()),
  targetName: v.optional(v.string()),
  reason: v.string(),
  at: v.number(),
  map: v.optional(v.string()),
  round: v.optional(v.number()),
  scoreCT: v.optional(v.number()),
  scoreT: v.optional(v.number()),
  stats: v.optional(vReportStats),
  chat: v.array(vChatLine),
  /** The recorded match the report is about (a match page, with its demo when there is one). */
  matchId: v.optional(v.string()),
  /** More reports of the same player on the same server while this one was undecided. */
  folded: v.number(),
  /** Reporters folded in (SteamID64s, the first one included), at most REPORT_FOLD_MAX. */
  reporters: v.array(v.string()),
  status: vReportStatus,
  claimedBy: v.optional(v.string()),
  decidedBy: v.optional(v.string()),
  decidedByRole: v.optional(vSanctionRole),
  decidedAt: v.optional(v.number()),
  /** Why it was decided so: what the reporter reads. */
  decision: v.optional(v.string()),
  /** The sanction it led to (its record and how it reads: kind and minutes), or none. */
  sanctionId: v.optional(v.id("sanctions")),
  sanction: v.optional(v.string()),
  /** The same sanction as its code (`lib/sanctionWords.ts`), which the panel words; absent on
      reports decided before it was kept (they show `sanction` as written). */
  sanctionCode: v.optional(v.string()),
};

export const vWarningEscalation = v.union(
  v.literal("none"),
  v.literal("proposed"),
  v.literal("applied"),
  v.literal("dismissed"),
);

export const warningFields = {
  steamId: v.string(),
  playerName: v.optional(v.string()),
  reason: v.string(),
  serverId: v.optional(v.id("servers")),
  serverName: v.optional(v.string()),
  at: v.number(),
  expiresAt: v.number(),
  by: v.string(),
  byRole: vSanctionRole,
  /** This warning reached the threshold: what became of the escalation it brought. */
  escalation: vWarningEscalation,
  /** The warnings in force counted when it was given (this one included). */
  count: v.number(),
};

export const vAppealStatus = v.union(
  v.literal("open"),
  v.literal("accepted"),
  v.literal("rejected"),
);
export type AppealStatus = Infer<typeof vAppealStatus>;

export const appealFields = {
  sanctionId: v.id("sanctions"),
  steamId: v.string(),
  userId: v.id("users"),
  text: v.string(),
  at: v.number(),
  status: vAppealStatus,
  decidedBy: v.optional(v.string()),
  decidedByRole: v.optional(vSanctionRole),
  decidedAt: v.optional(v.number()),
  decision: v.optional(v.string()),
};

export const vEscalationKind = v.union(
  v.literal("ban"),
  v.literal("mute"),
  v.literal("gag"),
  v.literal("silence"),
);
export type EscalationKind = Infer<typeof vEscalationKind>;

export const conductSettingsFields = {
  /** Chat lines older than this are deleted by the retention job. */
  chatRetentionDays: v.number(),
  /** Warnings in force within the period that bring the escalation. */
  warnThreshold: v.number(),
  warnPeriodDays: v.number(),
  /** A warning stops counting after this many days. */
  warnExpiryDays: v.number(),
  escalationKind: vEscalationKind,
  /** Minutes; 0 = permanent (only an admin may apply that). */
  escalationMinutes: v.number(),
  /** "apply": the warning that reaches the threshold applies it; "propose": staff confirm it. */
  escalationMode: v.union(v.literal("apply"), v.literal("propose")),
  /** A player's own record names who sanctioned them (else only the role). */
  recordShowsNames: v.boolean(),
};
export const vConductSettings = v.object(conductSettingsFields);
export type ConductSettings = Infer<typeof vConductSettings>;

export const DEFAULT_CONDUCT_SETTINGS: ConductSettings = {
  chatRetentionDays: 30,
  warnThreshold: 3,
  warnPeriodDays: 30,
  warnExpiryDays: 30,
  escalationKind: "ban",
  escalationMinutes: 1440,
  escalationMode: "propose",
  recordShowsNames: false,
};
