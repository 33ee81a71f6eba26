import { describe, expect, it } from "vitest";
import type { AuditRow } from "../hooks/use-audit-log";
import { auditCsv } from "./audit-csv";
import { auditActionOptions } from "./audit-labels";

const row = (over: Partial<AuditRow>): AuditRow =>
  ({
    _id: "x",
    at: Date.UTC(2026, 10, 22, 12, 0, 0),
    user: "admin",
    identity: "admin",
    action: "ban",
    serverName: "Server #1",
    outcome: "success",
    ...over,
  }) as AuditRow;

describe("audit CSV", () => {
  it("writes the labels people see, the action id in its own column, formulas defused", () => {
    const csv = auditCsv([
      row({ details: "60 хв" }),
      row({ action: "guest_admin_on", identity: "anonymous", outcome: "unauthorized" }),
      row({ user: '=HYPERLINK("x")', action: "mystery" }),
    ]);
    const lines = csv.replace("\uFEFF", "").trim().split("\r\n");
    expect(lines[0]).toBe(
      '"Час (UTC)","Користувач","Роль","Дія","Код дії","Сервер","Результат","Кількість","Деталі"',
    );
    expect(lines[1]).toBe(
      '"2026-11-22T12:00:00.000Z","admin","Адмін","Бан","ban","Server #1","Успішно","","60 хв"',
    );
    expect(lines[2]).toContain('"Анонім","Гостьову панель увімкнено","guest_admin_on"');
    expect(lines[2]).toContain('"Без прав"');
    expect(lines[3]).toContain('"\'=HYPERLINK(""x"")"');
    expect(lines[3]).toContain('"mystery","mystery"');
  });

  it("offers every action by its Ukrainian label, once", () => {
    const options = auditActionOptions();
    expect(options.find((o) => o.label === "Бан")?.value).toBe("ban");
    expect(new Set(options.map((o) => o.label)).size).toBe(options.length);
  });
});
