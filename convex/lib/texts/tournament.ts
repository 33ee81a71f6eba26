import { defineTexts } from "../wording";

/** Why a tournament (join, veto, seats, launch) refuses, in Ukrainian; the panel words each key. */
export const TOURNAMENT_TEXTS = defineTexts({
  "refusal.tournament.notFound": "Активний турнір не знайдено.",
  "refusal.tournament.alreadyJoined": "Ви вже приєдналися до команди.",
  "refusal.tournament.teamFull": "Ця команда вже укомплектована.",
  "refusal.tournament.nicknameBlank": "Введіть нікнейм Steam.",
  "refusal.tournament.nicknameTooLong": "Нікнейм задовгий: не більше {max} символів.",
  "refusal.tournament.nicknameInvalid": "Нікнейм містить недопустимі символи.",
  "refusal.tournament.nicknameTaken": "Цей нікнейм уже використовується в турнірі.",
  "refusal.tournament.nicknameIsSteamId": "Введіть нікнейм Steam, а не SteamID.",
  "refusal.tournament.notStarted": "Турнір ще не розпочався: команди не укомплектовані.",
  "refusal.tournament.notReadyPhase": "Зараз не етап підтвердження готовності.",
  "refusal.tournament.alreadyReady": "Ви вже підтвердили готовність.",
  "refusal.tournament.paused": "Вето на паузі: зачекайте, доки адміністратор продовжить.",
  "refusal.tournament.notPaused": "Вето не на паузі.",
  "refusal.tournament.noClock": "У цього турніру немає таймера ходу.",
  "refusal.tournament.notPickPhase": "Зараз не етап вибору мапи.",
  "refusal.tournament.mapPicked": "Цю мапу вже обрано.",
  "refusal.tournament.archived": "Турнір в архіві.",
  "refusal.tournament.noSuchSeriesMap": "У серії немає такої мапи.",
  "refusal.tournament.seriesOrder": "Спершу запустіть мапу {n} серії.",
  "refusal.tournament.finished": "Турнір уже завершено.",
  "refusal.tournament.staleStep": "Цей крок уже зроблено. Оновлено стан турніру.",
  "refusal.tournament.notBanPhase": "Зараз не етап бану мап.",
  "refusal.tournament.notSidePhase": "Зараз не етап вибору сторони.",
  "refusal.tournament.notMember": "Ви не учасник цього турніру.",
  "refusal.tournament.notYourTurn": "Зараз хід іншої команди.",
  "refusal.tournament.unknownMap": "Такої мапи немає в пулі турніру.",
  "refusal.tournament.mapBanned": "Цю мапу вже забанено.",
  "refusal.tournament.launchIncomplete": "Конфігурація матчу не завершена.",
  "refusal.tournament.alreadyLaunched":
    "Матч уже запущено. Створіть новий турнір, щоб зіграти ще раз.",
  "refusal.tournament.unknownMode": "Невідомий режим гри: {mode}",
  "refusal.tournament.steamRequired":
    "Для цього турніру потрібен прив'язаний акаунт Steam: відкрийте «Мій профіль» і натисніть «Прив'язати Steam».",
  "refusal.tournament.steamSeated": "Цей акаунт Steam уже має місце в турнірі.",
  "refusal.tournament.leaveTooLate":
    "Вийти з команди можна лише до початку вето. Попросіть адміністратора замінити вас.",
  "refusal.tournament.seatNotFound": "Такого гравця в команді немає.",
  "refusal.tournament.rosterLocked": "Матч уже запущено: склад команд змінити не можна.",
  "refusal.tournament.seriesWon": "Серію вже виграла {team}.",
  "refusal.tournament.seriesWaiting":
    "Спершу дочекайтеся результату мапи {n}: він з'явиться, щойно матч буде записано в історію.",
  "refusal.tournament.nameTooLong": "Назва задовга: не більше {max} символів.",
  "refusal.tournament.nameInvalid": "Назва містить недопустимі символи.",
  "refusal.tournament.idleTooLate": "Неактивні місця звільняються лише до початку вето.",
  "refusal.tournament.noIdleSeats":
    "Неактивних місць немає: усі гравці були на сторінці нещодавно.",
  "refusal.tournament.formatTeamSize": "Розмір команди: від {min} до {max} гравців.",
  "refusal.tournament.formatTurnSeconds": "Таймер ходу: вимкнено або від {min} до {max} секунд.",
  "refusal.tournament.formatPoolSize": "Пул мап: від 2 до {max} мап.",
  "refusal.tournament.formatPoolDuplicate": "Мапа {map} у пулі двічі.",
  "refusal.tournament.formatPoolUnknown": "Мапи {map} немає в каталозі.",
  "refusal.tournament.formatSequenceLength": "Послідовність: від 1 до {max} кроків.",
  "refusal.tournament.formatLastMapBanned": "Крок {n}: не можна забанити останню мапу пулу.",
  "refusal.tournament.formatNoMapToPick": "Крок {n}: у пулі не лишилося мап для вибору.",
  "refusal.tournament.formatNoMapForSide": "Крок {n}: вибір сторони без визначеної мапи.",
  "refusal.tournament.formatPickerPicksSide":
    "Крок {n}: сторону на мапі обирає команда, яка цю мапу не обирала.",
  "refusal.tournament.formatMapsLeft":
    "Після всіх банів і виборів лишається {left} мап: має лишитися одна (вирішальна) або жодної.",
  "refusal.tournament.formatNoSeries":
    "Серія без жодної мапи: додайте вибір мапи або залиште одну вирішальну.",
  "refusal.tournament.formatSeriesTooLong": "Серія довша за {max} мап.",
  "refusal.tournament.formatSideMissing": "Для мапи {map} серії немає вибору сторони.",
  "refusal.tournament.formatPresetMismatch":
    "Налаштування пресету змінювати не можна: оберіть «Власний формат».",
  "refusal.tournament.matchzyMode":
    "MatchZy грає лише змагальний режим або режим напарників: оберіть один із них.",
  "refusal.tournament.matchzyNoSiteUrl":
    "Невідома адреса сайту розгортання (CONVEX_SITE_URL): MatchZy не зможе завантажити конфіг матчу.",
  "refusal.tournament.replacementSteamId":
    "Вкажіть SteamID64 або посилання steamcommunity.com/profiles/… гравця, який займе місце.",
} as const);
