import "@/test/mock-backend-modules";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import toast from "react-hot-toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockBackend } from "@/test/mock-convex";
import { AuditLogButton } from "./audit-log-modal";
import { formatDateTime } from "@/i18n/format";

const T1 = Date.UTC(2026, 10, 22, 12, 30, 5);
const T0 = T1 - 60_000;

const ROWS = [
  {
    _id: "a2",
    at: T1,
    user: "Anonymous (guest-1a2b)",
    action: "say",
    serverName: "Server #1",
    outcome: "unauthorized",
    details: "Спроба виконати дію без прав адміністратора",
  },
  {
    _id: "a1",
    at: T0,
    user: "admin",
    action: "changeMap",
    serverName: "Server #1",
    outcome: "success",
    details: "de_nuke",
  },
  { _id: "a0", at: T0 - 1, user: "admin", action: "guest_admin_on", outcome: "success" },
];

async function open() {
  const user = userEvent.setup();
  render(<AuditLogButton />);
  await user.click(screen.getByRole("button", { name: "Журнал аудиту" }));
  return { user, dialog: screen.getByRole("dialog", { name: "Журнал аудиту" }) };
}

describe("audit log modal", () => {
  beforeEach(() => mockBackend.reset());
  afterEach(() => vi.clearAllMocks());

  it("lists time, user, action and server with the outcome, newest first", async () => {
    const loadMore = vi.fn();
    mockBackend.paginated["audit:list"] = { results: ROWS, status: "CanLoadMore", loadMore };
    const { user, dialog } = await open();
    const headers = within(dialog)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual(["Час", "Користувач", "Дія", "Сервер"]);
    const rows = within(dialog).getAllByRole("row").slice(1);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent);
    expect(cells(rows[0]!)).toEqual([
      formatDateTime(T1, { seconds: true }),
      "Anonymous (guest-1a2b)",
      "Повідомлення в чатСпроба виконати дію без прав адміністратора",
      "Server #1Без прав",
    ]);
    expect(cells(rows[1]!)).toEqual([
      formatDateTime(T0, { seconds: true }),
      "admin",
      "Зміна мапиde_nuke",
      "Server #1Успішно",
    ]);
    expect(cells(rows[2]!)[2]).toBe("Гостьову панель увімкнено");
    expect(cells(rows[2]!)[3]).toBe("—Успішно");

    await user.click(within(dialog).getByRole("button", { name: "Завантажити ще" }));
    expect(loadMore).toHaveBeenCalledWith(20);
  });

  it("exports the filters it shows: CSV applies what was chosen to the table as well", async () => {
    mockBackend.paginated["audit:list"] = { results: ROWS, status: "Exhausted", loadMore: vi.fn() };
    mockBackend.queries["audit:exportCsv"] = { rows: [ROWS[1]], isDone: true, continueCursor: "" };
    URL.createObjectURL = vi.fn(() => "blob:x");
    URL.revokeObjectURL = vi.fn();
    const { user, dialog } = await open();
    await user.selectOptions(within(dialog).getByLabelText("Дія"), "changeMap");
    await user.click(within(dialog).getByRole("button", { name: "Експорт CSV" }));
    const exported = mockBackend.queryCalls.find((c) => c.name === "audit:exportCsv");
    expect(exported?.args).toEqual(
      expect.objectContaining({ filters: expect.objectContaining({ action: "changeMap" }) }),
    );
    expect(mockBackend.paginatedArgs["audit:list"]).toEqual(
      expect.objectContaining({ filters: expect.objectContaining({ action: "changeMap" }) }),
    );
  });

  it("searches the details and finds users by part of a name; a known name is that user", async () => {
    mockBackend.paginated["audit:list"] = { results: ROWS, status: "Exhausted", loadMore: vi.fn() };
    mockBackend.queries["users:list"] = [{ username: "Maksym" }];
    const { user, dialog } = await open();
    await user.type(within(dialog).getByLabelText("Пошук у подробицях"), "  de_nuke ");
    await user.type(within(dialog).getByLabelText("Користувач"), "mak");
    await user.click(within(dialog).getByRole("button", { name: "Застосувати" }));
    const filters = () => (mockBackend.paginatedArgs["audit:list"] as { filters: object }).filters;
    expect(filters()).toMatchObject({ search: "de_nuke", userLike: "mak" });
    expect(filters()).not.toHaveProperty("username");
    await user.clear(within(dialog).getByLabelText("Користувач"));
    await user.type(within(dialog).getByLabelText("Користувач"), "MAKSYM");
    await user.click(within(dialog).getByRole("button", { name: "Застосувати" }));
    expect(filters()).toMatchObject({ username: "Maksym" });
    expect(filters()).not.toHaveProperty("userLike");
  });

  it("shows the empty message and no 'load more' once everything is loaded", async () => {
    mockBackend.paginated["audit:list"] = { results: [], status: "Exhausted", loadMore: vi.fn() };
    const { dialog } = await open();
    expect(within(dialog).getByText("Журнал аудиту порожній.")).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Завантажити ще" })).toBeNull();
  });

  it("says 'Не вдалося завантажити журнал аудиту.' when the query fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    mockBackend.paginated["audit:list"] = new ConvexError({ code: "FORBIDDEN", message: "x" });
    const { dialog } = await open();
    expect(within(dialog).getByRole("alert")).toHaveTextContent(
      "Не вдалося завантажити журнал аудиту.",
    );
    expect(toast.error).toHaveBeenCalledWith("Не вдалося завантажити журнал аудиту.", {
      id: "audit-failed",
    });
  });
});
