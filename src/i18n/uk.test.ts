import { describe, expect, it } from "vitest";
import { formatDateTime, nameCollator } from "./format";
import { t, uk } from "./uk";

describe("t()", () => {
  it("fills named parameters", () => {
    expect(t("errors.apiUpdateFailed", { name: "Server #1" })).toBe(
      "Не вдалося оновити дані з API для сервера Server #1.",
    );
    expect(t("errors.notEnoughPlayers", { n: 3, m: 5 })).toBe(
      "Недостатньо гравців для вибору. Доступно: 3, потрібно: 5",
    );
    expect(t("actions.success", { action: "pause" })).toBe('Дія "pause" виконана успішно!');
  });

  it("leaves unknown placeholders and texts without parameters as written", () => {
    expect(t("errors.actionFailed", { action: "kick" })).toBe(
      'Помилка виконання дії "kick": {message}',
    );
    expect(t("players.empty")).toBe("Гравці не знайдені за вашим запитом.");
  });

  it("keeps every exact text quoted in the spec", () => {
    const texts = Object.values(uk) as string[];
    for (const exact of [
      "Гравці не знайдені за вашим запитом.",
      "Не вдалося оновити дані з API для сервера {name}.",
      "Сервер не вибрано.",
      "Невідома дія: {action}",
      "Невірний e-mail, пароль або ім'я користувача.",
      "Авторизація успішна!",
      "Не вдалося змінити статус панелі.",
      "Не вдалося завантажити журнал аудиту.",
      "Не вдалося вийти.",
      "Помилка при зміні режиму: {message}",
      "Доступ обмежено. Ця дія вимагає авторизації адміністратора.",
      'Помилка виконання дії "{action}": {message}',
      'Дія "{action}" виконана успішно!',
      "Помилка завантаження списку банів: {message}",
      "Оберіть мапу з випадаючого списку",
      "Конфігурація матчу не завершена.",
      "Невідомий режим гри: {mode}",
      "Нікнейм не знайдено",
      "Назавжди",
      "Увійти як адміністратор (демо)",
      "Увійти як відвідувач (демо)",
    ]) {
      expect(texts).toContain(exact);
    }
  });
});

describe("Ukrainian formatting", () => {
  it("sorts names in Ukrainian alphabet order (Ґ, Є, І after their neighbours)", () => {
    const names = ["Яна", "Ґанна", "Єва", "Іван", "Андрій", "Гліб"];
    expect([...names].sort(nameCollator.compare)).toEqual([
      "Андрій",
      "Гліб",
      "Ґанна",
      "Єва",
      "Іван",
      "Яна",
    ]);
  });

  it("formats dates with the uk-UA locale and passes through unparsable values", () => {
    const iso = "2026-11-22T10:00:00.000Z";
    expect(formatDateTime(iso)).toBe(
      new Intl.DateTimeFormat("uk-UA", { dateStyle: "medium", timeStyle: "short" }).format(
        new Date(iso),
      ),
    );
    expect(formatDateTime(iso)).toContain("2026");
    expect(formatDateTime("not a date")).toBe("not a date");
  });
});
