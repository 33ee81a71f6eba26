import { defineTexts } from "../wording";

/** Refusals of a request itself (its arguments, a list's page, a tab's id) and of history reads. */
export const REQUEST_TEXTS = defineTexts({
  "refusal.request.tooLong": "Задовге значення в запиті ({field}): щонайбільше {max} символів.",
  "refusal.request.tooMany": "Забагато елементів у запиті ({field}): щонайбільше {max}.",
  "refusal.request.tooDeep": "Запит має надто глибоку структуру.",
  "refusal.request.badPageSize": "Некоректний розмір сторінки: ціле число від 1.",
  "refusal.request.badCursor": "Некоректна позиція в списку. Оновіть сторінку.",
  "refusal.request.badViewerId": "Некоректний ідентифікатор вкладки.",
  "refusal.request.badSeason":
    "Невідомий сезон. Оберіть місяць у форматі РРРР-ММ або «за весь час».",
  "refusal.request.notSteamId64": "Це не SteamID64.",
  "refusal.request.matchNotFound": "Матч не знайдено.",
} as const);
