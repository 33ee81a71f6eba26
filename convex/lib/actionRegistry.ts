/**
 * Every server action a panel user can run, in one place: its audit name (the key), its Ukrainian
 * label (success toast, audit log, error texts) and who may run it. Pure data, shared by the
 * backend and the UI.
 *
 * Adding an action: one entry here, its `ServerAction` variant and requests in
 * `gameServer/commands.ts`, and its declaration (model/serverActions.ts) exported in one line from
 * `serverControl.ts`. The gate, the audit name and the client's toast all read this entry.
 */
import { isOwnKey } from "./ownKey";

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
} as const satisfies Record<string, { label: string; access: ActionAccess }>;

export type ActionName = keyof typeof SERVER_ACTIONS;

/** Own-key check: an audit entry or a result names a registered action. */
export function isActionName(name: string): name is ActionName {
  return isOwnKey(SERVER_ACTIONS, name);
}

export function actionLabel(name: ActionName): string {
  return SERVER_ACTIONS[name].label;
}
