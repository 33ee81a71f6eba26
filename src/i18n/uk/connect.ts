/** Ukrainian texts: connect.*. */
export default {
  // Connect pages
  "connect.title": "Підключення до сервера",
  "connect.checking": "Перевіряємо стан серверів…",
  "connect.redirecting": "Запускаємо Counter-Strike 2 і підключаємося до «{name}»…",
  "connect.manualHint": "Якщо гра не запустилася автоматично, скористайтеся посиланням:",
  "connect.manualLink": "Підключитися до {address}",
  "connect.connectButton": "Підключитися",
  "connect.desktopOnly":
    "Цю сторінку потрібно відкрити з комп'ютера: підключення запускає гру Counter-Strike 2, яка працює лише на ПК.",
  "connect.addressLabel": "Адреса сервера:",
  "connect.offline": "Сервер «{name}» зараз офлайн. Спробуйте пізніше.",
  "connect.unreachable":
    "Сервер «{name}» недоступний: не вдалося отримати його стан. Спробуйте пізніше.",
  "connect.allDown": "Обидва сервери зараз недоступні, спробуйте пізніше.",
  "connect.noneOnline": "Жоден сервер зараз не доступний, спробуйте пізніше.",
  "connect.notConfigured": "Сервер №{n} не налаштовано.",
  "connect.noServers": "Жодного сервера не налаштовано.",
  "connect.unknownKey": "Сервера з ключем «{key}» немає серед увімкнених.",
} as const;
