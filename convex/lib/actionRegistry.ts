/**
 * Every server action a panel user can run, in one place: its audit name (the key), its Ukrainian
 * label (success toast, audit log, error texts) and who may run it. Pure data, shared by the
 * backend and the UI.
 *
 * Adding an action: one entry here and its `ServerAction` variant below, its requests in
 * `gameServer/commands.ts`, and its declaration (model/serverControl/actions.ts) exported in one line from
 * `serverControl.ts`. The gate, the audit name and the client's toast all read this entry.
 */
import { v, type Infer } from "convex/values";
import { isOwnKey } from "./ownKey";
import { vToggleName } from "./validators";
import { vLaunchPayload } from "./tournamentFields";

/**
 * Who may run an action: admins only, also moderators (kick, bounded bans, unbans of moderators'
 * bans), or also everyone while guest-admin is on.
 */
export type ActionAccess = "admin" | "guestAdmin" | "moderator";

export const SERVER_ACTIONS = {
  // General, match and map controls (guest-admin level).
  isPaused: { label: "Пауза", access: "guestAdmin" },
  autobalance: { label: "Автобаланс", access: "guestAdmin" },
  friendlyfire: { label: "Вогонь по своїх", access: "guestAdmin" },
  bhop: { label: "Bhop", access: "guestAdmin" },
  changeMap: { label: "Зміна мапи", access: "guestAdmin" },
  workshopMap: { label: "Мапа з Workshop", access: "guestAdmin" },
  gameMode: { label: "Режим гри", access: "guestAdmin" },
  restartGame: { label: "Перезапуск гри", access: "guestAdmin" },
  skipWarmup: { label: "Пропустити розминку", access: "guestAdmin" },
  // Admin only.
  command: { label: "Команда", access: "admin" },
  say: { label: "Повідомлення в чат", access: "admin" },
  cheats: { label: "sv_cheats", access: "admin" },
  setPassword: { label: "Встановити пароль", access: "admin" },
  removePassword: { label: "Прибрати пароль", access: "admin" },
  execConfig: { label: "Конфіг", access: "admin" },
  cvar: { label: "Cvar", access: "admin" },
  resetStats: { label: "Скинути статистику", access: "admin" },
  restartServices: { label: "Перезапуск сервісів", access: "admin" },
  serverUpdate: { label: "Оновлення сервера", access: "admin" },
  kick: { label: "Кік", access: "moderator" },
  ban: { label: "Бан", access: "moderator" },
  unban: { label: "Розбан", access: "moderator" },
  // CS2-SimpleAdmin's communication blocks, on servers that run it.
  mute: { label: "Мут", access: "moderator" },
  gag: { label: "Гег", access: "moderator" },
  silence: { label: "Мовчання", access: "moderator" },
  unmute: { label: "Зняття муту", access: "moderator" },
  ungag: { label: "Зняття гегу", access: "moderator" },
  unsilence: { label: "Зняття мовчання", access: "moderator" },
  launchGame: { label: "Запуск матчу", access: "admin" },
  pushEnable: { label: "Увімкнення подій MatchZy", access: "admin" },
  pushDisable: { label: "Вимкнення подій MatchZy", access: "admin" },
  logEnable: { label: "Увімкнення журналу сервера", access: "admin" },
  logDisable: { label: "Вимкнення журналу сервера", access: "admin" },
  demoRecord: { label: "Запис демо", access: "admin" },
  demoStop: { label: "Зупинка запису демо", access: "admin" },
} as const satisfies Record<string, { label: string; access: ActionAccess }>;

export type ActionName = keyof typeof SERVER_ACTIONS;

export const COMMS_KINDS = ["mute", "gag", "silence"] as const;
export type CommsKind = (typeof COMMS_KINDS)[number];
export type UncommsKind = `un${CommsKind}`;

/** The longest free console line and chat message a game server is sent (the panel's forms too). */
export const COMMAND_MAX = 330;
export const SAY_MAX = 100;

const vSteamTarget = { steamId: v.string() };
const vTimed = { steamId: v.string(), duration: v.number(), reason: v.optional(v.string()) };

/**
 * The typed actions a game server is sent, as the command layer (gameServer/commands.ts) turns
 * them into requests or console commands; the validator checks them where a run crosses from one
 * Convex function to another.
 */
export const vServerAction = v.union(
  v.object({ kind: v.literal("command"), command: v.string() }),
  v.object({ kind: v.literal("say"), message: v.string() }),
  v.object({ kind: v.literal("toggle"), toggle: vToggleName, enabled: v.boolean() }),
  v.object({ kind: v.literal("changeMap"), map: v.string() }),
  v.object({ kind: v.literal("workshopMap"), workshopId: v.string() }),
  v.object({ kind: v.literal("gameMode"), mode: v.string() }),
  v.object({ kind: v.literal("setPassword"), password: v.string() }),
  v.object({ kind: v.literal("removePassword") }),
  v.object({ kind: v.literal("execConfig"), config: v.string() }),
  v.object({ kind: v.literal("cvar"), cvar: v.string(), value: v.string() }),
  v.object({ kind: v.literal("restartGame") }),
  v.object({ kind: v.literal("skipWarmup") }),
  v.object({ kind: v.literal("resetStats") }),
  v.object({ kind: v.literal("restartServices") }),
  v.object({ kind: v.literal("serverUpdate") }),
  v.object({ kind: v.literal("kick"), ...vSteamTarget }),
  v.object({ kind: v.literal("ban"), ...vTimed }),
  v.object({ kind: v.literal("unban"), ...vSteamTarget }),
  // CS2-SimpleAdmin: mute (voice), gag (text chat), silence (both), by SteamID64.
  v.object({ kind: v.union(...COMMS_KINDS.map((k) => v.literal(k))), ...vTimed }),
  v.object({
    kind: v.union(...COMMS_KINDS.map((k) => v.literal(`un${k}` as UncommsKind))),
    ...vSteamTarget,
  }),
  v.object({ kind: v.literal("launchGame"), payload: vLaunchPayload }),
  /** MatchZy remote log on (model/push/status.ts): events go to `url` with the secret in a header. */
  v.object({ kind: v.literal("pushEnable"), url: v.string(), secret: v.string() }),
  v.object({ kind: v.literal("pushDisable") }),
  /**
   * CS2's HTTP log on (model/serverLog/status.ts): `log on`, then batches go to `url`, whose last
   * segment is the secret. Off removes every HTTP listener (CS2 cannot remove one).
   */
  v.object({ kind: v.literal("logEnable"), url: v.string() }),
  v.object({ kind: v.literal("logDisable") }),
  /**
   * GOTV recording on a server without MatchZy (model/demos/recording.ts): `tv_record <path>`
   * (relative to `csgo/`, `.dem` added by the game) while a map is live, `tv_stoprecord` after.
   */
  v.object({ kind: v.literal("demoRecord"), path: v.string() }),
  v.object({ kind: v.literal("demoStop") }),
  /**
   * MatchZy fetches a launch's match config from `url`, sending `token` in a header
   * (model/tournament/matchConfig.ts); audited and shown as the launch. `map`: the config's first map, which
   * MatchZy changes to as it loads.
   */
  v.object({
    kind: v.literal("loadMatchConfig"),
    url: v.string(),
    token: v.string(),
    map: v.string(),
  }),
);
export type ServerAction = Infer<typeof vServerAction>;

/** Own-key check: an audit entry or a result names a registered action. */
export function isActionName(name: string): name is ActionName {
  return isOwnKey(SERVER_ACTIONS, name);
}

export function actionLabel(name: ActionName): string {
  return SERVER_ACTIONS[name].label;
}
