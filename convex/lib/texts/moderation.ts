import { defineTexts } from "../wording";

/** Refusals of bans, kicks, mutes, gags and silences: who may give or lift which, and the forms. */
export const MODERATION_TEXTS = defineTexts({
  "refusal.moderation.permanentAdminOnly": "Постійний бан може видати лише адміністратор.",
  "refusal.moderation.overModeratorMax": "Модератор може забанити щонайбільше на {max} хв.",
  "refusal.moderation.badDuration": "Тривалість бану: ціле число хвилин від 0 (назавжди).",
  "refusal.moderation.reasonRequired": "Вкажіть причину.",
  "refusal.moderation.reasonTooLong": "Причина: щонайбільше {max} символів.",
  "refusal.moderation.unbanNotOwn":
    "Модератор може зняти лише тимчасовий бан, виданий модератором. Зверніться до адміністратора.",
  "refusal.moderation.replaceNotOwn":
    "Гравець уже має бан на цьому сервері, який модератор не може замінити (постійний, довший за ваш максимум або виданий адміністратором). Зверніться до адміністратора.",
  "refusal.moderation.commsUnsupported":
    "На сервері «{server}» не позначено CS2-SimpleAdmin: мут, гег і мовчання недоступні.",
  "refusal.moderation.commsPermanentAdminOnly":
    "Постійний мут, гег чи мовчання може видати лише адміністратор.",
  "refusal.moderation.commsOverModeratorMax":
    "Модератор може заглушити гравця щонайбільше на {max} хв.",
  "refusal.moderation.commsBadDuration": "Тривалість: ціле число хвилин від 0 (назавжди).",
  "refusal.moderation.replaceCommsNotOwn":
    "Гравець уже має мут, гег чи мовчання на цьому сервері, які модератор не може замінити (постійні або видані адміністратором). Зверніться до адміністратора.",
  "refusal.moderation.uncommsNotOwn":
    "Модератор може зняти лише тимчасовий мут, гег чи мовчання, видані модератором. Зверніться до адміністратора.",
  "refusal.moderation.banListFailed": "Помилка завантаження списку банів: {error}",
  "refusal.moderation.banListInvalid":
    "Помилка завантаження списку банів: Invalid JSON response from server",
  "refusal.moderation.reasonsCount": "Від 1 до {max} причин для кожної дії.",
  "refusal.moderation.durationsList":
    "Від 1 до 12 тривалостей, кожна — ціле число хвилин (0 — назавжди).",
  "refusal.moderation.moderatorMax": "Максимум для модератора: ціле число хвилин, більше за 0.",
  "refusal.moderation.pickCount": "Вкажіть ціле число від 1.",
  "refusal.moderation.pickTooFew":
    "Недостатньо гравців для вибору. Доступно: {available}, потрібно: {needed}",
} as const);
