/** Ukrainian texts: random.*. */
export default {
  "random.title": "Вибір випадкових гравців",
  "random.count": "Кількість гравців",
  "random.countInvalid": "Вкажіть ціле число від 1.",
  "random.available": "Доступно в командах T і CT: {n}",
  "random.availableHumans": "Доступно в командах T і CT: {n} (ботів не враховано: {bots})",
  "random.includeBots": "Враховувати ботів",
  "random.pick": "Обрати",
  "random.shuffling": "Перемішуємо гравців…",
  "random.done": "Гравців обрано!",
  "random.emptyTitle": "Немає гравців у командах",
  "random.empty": "Зараз на сервері немає гравців у командах T і CT, тож обирати нікого.",
  "random.resultTitle": "Обрані гравці",
} as const;
