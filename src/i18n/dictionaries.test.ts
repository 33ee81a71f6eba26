import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  formatDateTime,
  formatInteger,
  formatRatio,
  formatTime,
  nameCollator,
  plural,
} from "./format";
import { currentLanguage, setLanguage, t } from "./index";
import { detectLanguage, languageOfPath } from "./languages";
import type { Texts } from "./types";
import "./load/common";
import "./load/players";

// Every language's every namespace file, read eagerly here (the app loads them one by one).
const files = import.meta.glob<Texts>(["./*/*.ts", "!./*/meta.ts", "!./load/*.ts"], {
  eager: true,
  import: "default",
});
const byLanguage = new Map<string, Map<string, Texts>>();
for (const [file, texts] of Object.entries(files)) {
  const language = languageOfPath(file);
  const namespace = path.basename(file, ".ts");
  if (!byLanguage.has(language)) byLanguage.set(language, new Map());
  byLanguage.get(language)!.set(namespace, texts);
}
const uk = byLanguage.get("uk")!;
const keyNamespace = new Map<string, string>();
const prefixNamespace = new Map<string, string>();
for (const [namespace, texts] of uk) {
  for (const key of Object.keys(texts)) {
    keyNamespace.set(key, namespace);
    prefixNamespace.set(key.split(".")[0]!, namespace);
  }
}

describe("dictionaries", () => {
  it("give each key prefix one namespace file, with a loader", () => {
    for (const [namespace, texts] of uk) {
      expect(readdirSync(path.join(import.meta.dirname, "load"))).toContain(`${namespace}.ts`);
      for (const key of Object.keys(texts)) {
        expect(`${key} in ${prefixNamespace.get(key.split(".")[0]!)}`).toBe(
          `${key} in ${namespace}`,
        );
      }
    }
  });

  it("have every key in every language, and no other", () => {
    // Ukrainian and English at least: a new text goes into both (and into every other language).
    expect([...byLanguage.keys()].sort()).toEqual(expect.arrayContaining(["en", "uk"]));
    for (const [language, namespaces] of byLanguage) {
      expect([...namespaces.keys()].sort(), language).toEqual([...uk.keys()].sort());
      for (const [namespace, texts] of namespaces) {
        expect(Object.keys(texts).sort(), `${language}/${namespace}`).toEqual(
          Object.keys(uk.get(namespace)!).sort(),
        );
        for (const [key, text] of Object.entries(texts)) {
          expect(text.trim(), `${language}: ${key}`).not.toBe("");
          // The same placeholders, so t(key, params) fills every language alike.
          const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
          expect(placeholders(text), `${language}: ${key}`).toEqual(
            placeholders(uk.get(namespace)![key]!),
          );
        }
      }
    }
  });

  it("are loaded by every source file that uses one of their keys", () => {
    const src = path.resolve(import.meta.dirname, "..");
    const missing: string[] = [];
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? walk(path.join(dir, entry.name))
          : /\.tsx?$/.test(entry.name)
            ? [path.join(dir, entry.name)]
            : [],
      );
    for (const file of walk(src)) {
      if (file.startsWith(import.meta.dirname)) continue;
      const text = readFileSync(file, "utf8");
      const used = new Set<string>();
      // A key written out ("dashboard.score") or built from its prefix (`phase.${phase}`).
      for (const m of text.matchAll(/["'`]([A-Za-z_]+\.[A-Za-z0-9_.]+)["'`]/g)) {
        const namespace = keyNamespace.get(m[1]!);
        if (namespace) used.add(namespace);
      }
      for (const m of text.matchAll(/`([A-Za-z_]+)\.[^`]*\$\{/g)) {
        const namespace = prefixNamespace.get(m[1]!);
        if (namespace) used.add(namespace);
      }
      for (const namespace of used) {
        if (!text.includes(`import "@/i18n/load/${namespace}";`)) {
          missing.push(`${path.relative(src, file)} needs import "@/i18n/load/${namespace}"`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("language choice", () => {
  it("takes the remembered language, else the browser's, else Ukrainian", () => {
    expect(detectLanguage(null, [])).toBe("uk");
    expect(detectLanguage(null, ["fr-FR", "uk-UA"])).toBe("uk");
    expect(detectLanguage("xx", ["de"])).toBe("uk");
    expect(detectLanguage("uk", ["de"])).toBe("uk");
    expect(detectLanguage(null, ["en-US", "uk"])).toBe("en");
    expect(detectLanguage(null, ["de-DE", "en-GB"])).toBe("en");
    expect(detectLanguage("uk", ["en-US"])).toBe("uk");
    expect(detectLanguage("en", ["uk-UA"])).toBe("en");
  });

  it("lets the address's ?lang= win over the remembered and the browser's language", () => {
    expect(detectLanguage("uk", ["uk"], "en")).toBe("en");
    expect(detectLanguage("en", ["en"], "xx")).toBe("en");
  });
});

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
    const texts = [...uk.values()].flatMap((ns) => Object.values(ns));
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

describe("switching the language", () => {
  it("re-words loaded texts, re-formats numbers and dates, re-sorts names, and is remembered", async () => {
    await setLanguage("en");
    try {
      expect(currentLanguage()).toBe("en");
      expect(localStorage.getItem("cs2panel.language")).toBe("en");
      expect(document.documentElement.lang).toBe("en");
      expect(t("players.empty")).toBe("No players match your search.");
      expect(t("errors.notEnoughPlayers", { n: 3, m: 5 })).toBe(
        "Not enough players to pick from. Available: 3, needed: 5",
      );
      expect(formatInteger(1234567)).toBe("1,234,567");
      expect(formatRatio(1.5)).toBe("1.50");
      // Noon UTC is the same day in every time zone a test machine may have.
      expect(formatDateTime("2026-11-22T12:00:00.000Z")).toMatch(/^22\/11\/2026,\u00a0\d\d:00$/);
      expect(plural(1, { one: "one", few: "few", many: "many" })).toBe("one");
      expect(plural(3, { one: "one", few: "few", many: "many" })).toBe("many");
      // English order: Ukrainian letters keep no special place among Latin ones.
      expect(["beta", "Alpha", "alpha2", "alpha10"].sort(nameCollator.compare)).toEqual([
        "Alpha",
        "alpha2",
        "alpha10",
        "beta",
      ]);
    } finally {
      await setLanguage("uk");
    }
    expect(t("players.empty")).toBe("Гравці не знайдені за вашим запитом.");
    expect(formatInteger(1234567)).toBe(new Intl.NumberFormat("uk-UA").format(1234567));
    expect(plural(3, { one: "one", few: "few", many: "many" })).toBe("few");
    expect(localStorage.getItem("cs2panel.language")).toBe("uk");
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

  it("writes every moment one way: numeric date and time on one line, seconds when asked", () => {
    const iso = "2026-11-22T12:00:00.000Z";
    expect(formatDateTime(iso)).toMatch(/^22\.11\.2026,\u00a0\d\d:00$/);
    expect(formatDateTime(Date.parse(iso))).toBe(formatDateTime(iso));
    expect(formatDateTime(new Date(iso))).toBe(formatDateTime(iso));
    expect(formatDateTime(iso, { seconds: true })).toMatch(/^22\.11\.2026,\u00a0\d\d:00:00$/);
    // No «р.» of the long style, and nowhere a line may break.
    expect(formatDateTime(iso)).not.toMatch(/р\.| /);
    expect(formatTime(Date.parse(iso))).toMatch(/^\d\d:00:00$/);
    expect(formatDateTime("not a date")).toBe("not a date");
  });
});
