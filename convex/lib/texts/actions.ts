import type { ListedActionName } from "../actionNames";
import { defineTexts } from "../wording";

/**
 * Every server action's name (`action.<name>`), in Ukrainian: the panel's `action.*` texts
 * (src/i18n/uk/common.ts spreads this table) and the name the backend's failures give it.
 */
export const ACTION_LABELS = {
  "action.isPaused": "Пауза",
  "action.autobalance": "Автобаланс",
  "action.friendlyfire": "Вогонь по своїх",
  "action.bhop": "Автострибки (bhop)",
  "action.cheats": "Чіти (sv_cheats)",
  "action.changeMap": "Зміна мапи",
  "action.workshopMap": "Мапа з Workshop",
  "action.gameMode": "Режим гри",
  "action.restartGame": "Перезапуск гри",
  "action.skipWarmup": "Пропустити розминку",
  "action.botKick": "Видалити ботів",
  "action.command": "Команда",
  "action.say": "Повідомлення в чат",
  "action.setPassword": "Встановити пароль",
  "action.removePassword": "Прибрати пароль",
  "action.execConfig": "Конфіг",
  "action.cvar": "Зміна змінної сервера (cvar)",
  "action.resetStats": "Скинути статистику",
  "action.restartServices": "Перезапуск сервісів",
  "action.serverUpdate": "Оновлення сервера",
  "action.kick": "Кік",
  "action.ban": "Бан",
  "action.unban": "Розбан",
  "action.teamNames": "Назви команд",
  "action.teamNamesClear": "Скидання назв команд",
  "action.reportReply": "Відповідь на скаргу в чаті",
  "action.mute": "Мут",
  "action.gag": "Гег",
  "action.silence": "Мовчання",
  "action.unmute": "Зняття муту",
  "action.ungag": "Зняття гегу",
  "action.unsilence": "Зняття мовчання",
  "action.launchGame": "Запуск матчу",
  "action.loadMatchConfig": "Запуск матчу",
  "action.pushEnable": "Увімкнення подій MatchZy",
  "action.pushDisable": "Вимкнення подій MatchZy",
  "action.logEnable": "Увімкнення журналу сервера",
  "action.logDisable": "Вимкнення журналу сервера",
  "action.demoRecord": "Запис демо",
  "action.demoStop": "Зупинка запису демо",
  "action.demoUploadUrl": "Посилання для демо MatchZy",
  "action.backupsOn": "Резервні копії раундів",
  "action.backupList": "Список резервних копій",
  "action.restoreBackup": "Відновлення раунду",
  "action.restoreBackupMatchzy": "Відновлення раунду (MatchZy)",
} as const satisfies Record<`action.${ListedActionName}`, string>;

/**
 * Why a server action failed or was refused (`refusal.actions.*`). A failure names its action:
 * `{action}` is the action's name in the parameters the panel gets (it words it itself), and its
 * Ukrainian label in `message`; `{message}` is what went wrong, and when that is a text of a table
 * too, the parameters carry its key as `reason` beside its own parameters.
 */
export const ACTION_TEXTS = defineTexts({
  "refusal.actions.failed": 'Помилка виконання дії "{action}": {message}',
  "refusal.actions.failedRcon": 'Помилка виконання дії "{action}" (RCON): {message}',
  "refusal.actions.modeFailed": "Помилка при зміні режиму: {message}",
  "refusal.actions.logBlocked":
    'Помилка виконання дії "{action}": плагін або RCON-проксі цього сервера не пропускає команди журналу. Додайте рядки з `npx convex run serverLog:configLine` у server.cfg або підключіть сервер через пряме RCON.',
  "refusal.actions.unknownAction": "Невідомий перемикач чи дія.",
  "refusal.actions.pickMap": "Оберіть мапу з випадаючого списку",
  "refusal.actions.unknownMode": "Невідомий режим гри: {mode}",
  "refusal.actions.badPassword":
    'Пароль: 1–64 символи латиницею, без пробілів, лапок, "\\" та ";".',
  "refusal.actions.unknownConfig": "Невідомий конфіг.",
  "refusal.actions.launchNotOverProxy":
    "Запуск матчу з розподілом команд недоступний для RCON-проксі.",
  "refusal.actions.badMatchConfigKey": "Недопустимий ключ конфігу матчу.",
  "refusal.actions.badPushSecret": "Недопустимий секрет для подій MatchZy.",
  "refusal.actions.badDemoPath": "Недопустима назва файлу демо.",
  // The game server answered without doing it; `{said}` is what it printed.
  "refusal.actions.matchzyMissing":
    "Сервер не знає команди matchzy_loadmatch_url: MatchZy там не працює. Вимкніть «MatchZy» в налаштуваннях сервера або встановіть його. ({said})",
  "refusal.actions.matchzyBusy":
    "На сервері вже завантажено інший матч MatchZy: завершіть його (css_endmatch у консолі) і запустіть мапу ще раз. ({said})",
  "refusal.actions.matchzyNoConfig":
    "MatchZy не завантажив конфіг матчу: сервер має дістатися адреси сайту розгортання (CONVEX_SITE_URL). ({said})",
  "refusal.actions.backupRefused": "Сервер не завантажив резервну копію: {said}",
  "refusal.actions.unknownCommand": "Сервер не знає команди «{command}».",
  "refusal.actions.serverSaid": "Сервер відповів: {said}",
  // A kick through a plain console, which finds the player's userid by name first.
  "refusal.actions.kickNotCs2": "сервер не відповів на status_json як сервер CS2.",
  "refusal.actions.kickNotConnected": "гравця {steamId} немає на сервері.",
  "refusal.actions.kickAmbiguous":
    "ім'я «{name}» мають кілька гравців на сервері, тож консоль не відрізнить, кого вигнати; скористайтеся kickid з номером зі status.",
  // Direct RCON.
  "refusal.actions.rconNoTarget": "RCON недоступний: не вказано адресу, порт або пароль RCON.",
  "refusal.actions.rconNotCs2": "Сервер не відповів на status як сервер CS2",
  "refusal.actions.rconNotCs2Unavailable":
    "RCON недоступний: Сервер не відповів на status як сервер CS2",
  "refusal.actions.rconBusy":
    "На цьому сервері ще виконується інша дія через RCON. Спробуйте за кілька секунд.",
} as const);
