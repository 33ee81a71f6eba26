/** Ukrainian texts: dashboard.*, summary.*. */
export default {
  // Dashboard
  "dashboard.matchTitle": "Поточний матч",
  "dashboard.summaryTitle": "Загальна статистика",
  "dashboard.server": "Сервер",
  "dashboard.map": "Мапа",
  "dashboard.score": "Рахунок",
  "dashboard.playersOnline": "Гравців онлайн",
  "dashboard.playersLastKnown": "Гравців (останні дані)",
  "dashboard.roundPhase": "Фаза",
  "dashboard.gameMode": "Режим",
  "dashboard.round": "Раунд",
  "dashboard.roundOf": "{round} з {max}",
  "dashboard.noMatch": "Даних про матч поки немає: сервер ще не опитано або він недоступний.",
  "dashboard.noSummary": "Загальна статистика поки недоступна.",
  "dashboard.offlineNote": "Сервер зараз офлайн — показано останні отримані дані.",
  "dashboard.unknownScore":
    "Рахунок і фаза невідомі: сервер без MatchZy не повідомляє їх через RCON.",
  "dashboard.unknownSummary":
    "Загальна статистика невідома: сервер без плагіна чи MatchZy не повідомляє її через RCON.",
  "summary.totalPlayers": "Гравців за мапу",
  "summary.note":
    "Підсумки поточної мапи, разом із гравцями, які вже вийшли з сервера, тож можуть бути більшими, ніж на табло.",
  "summary.totalKills": "Вбивств",
  "summary.totalDeaths": "Смертей",
  "summary.totalDamage": "Завдано шкоди",
  "summary.totalBombsPlanted": "Закладено бомб",
  "summary.totalBombsDefused": "Знешкоджено бомб",
} as const;
