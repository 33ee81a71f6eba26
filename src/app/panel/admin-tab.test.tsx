import "@/test/mock-backend-modules";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import toast from "react-hot-toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Id } from "@/lib/backend";
import { mockBackend, TEST_SESSION_ID } from "@/test/mock-convex";
import { FeedSections } from "@/features/feeds/components/feed-sections";
import { AdminTab } from "@/features/server-control/components/admin-tab";

const SERVER = "s1" as Id<"servers">;
const TOGGLES = {
  isPaused: false,
  cheats: false,
  autobalance: true,
  friendlyfire: false,
  bhop: false,
};

function renderTab(isAdmin: boolean) {
  return render(<AdminTab serverId={SERVER} serverName="Server #1" isAdmin={isAdmin} />);
}

function cardTitles() {
  return screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
}

describe("AdminTab", () => {
  beforeEach(() => {
    mockBackend.reset();
    mockBackend.queries["serverControl:toggles"] = TOGGLES;
    mockBackend.queries["settings:get"] = { isGuestAdminEnabled: false };
  });
  afterEach(() => vi.clearAllMocks());

  it("guest admin: only the general, match and map sections, no cheats", () => {
    renderTab(false);
    expect(cardTitles()).toEqual(["Керування матчем", "Загальне", "Матч", "Мапа"]);
    expect(screen.getByRole("note")).toHaveTextContent(/Гостьовий доступ/);
    const switches = screen.getAllByRole("switch").map((s) => s.textContent);
    expect(switches).toEqual([
      "Пауза матчу",
      "Автобаланс команд",
      "Вогонь по своїх",
      "Bhop (автострибки)",
    ]);
    expect(screen.queryByLabelText("Команда")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Список банів" })).not.toBeInTheDocument();
  });

  it("admin: every section, the cheats switch and the extra tools", () => {
    render(
      <AdminTab
        serverId={SERVER}
        isAdmin
        tools={<button>Журнал аудиту</button>}
        feeds={<FeedSections serverId={SERVER} />}
      />,
    );
    expect(cardTitles()).toEqual([
      "Керування матчем",
      "Загальне",
      "Матч",
      "Мапа",
      "Лише для адміністраторів",
      "Консольна команда",
      "Повідомлення в чат",
      "Доступ і модерація",
      "Пароль сервера",
      "Конфіги та cvar",
      "Обслуговування",
      "Резервні копії раундів",
      "Події MatchZy",
      "Журнал сервера (кілфід)",
      "Стан сервера",
    ]);
    expect(screen.getByRole("switch", { name: "Чіти (sv_cheats)" })).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Гостьова адмін-панель" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Журнал аудиту" })).toBeInTheDocument();
    const config = screen.getByLabelText("Конфіг");
    // The placeholder plus the 13 configs.
    expect(within(config).getAllByRole("option")).toHaveLength(14);
  });

  it("a switch shows the stored state, locks while the call runs and moves only with the query", async () => {
    const user = userEvent.setup();
    let finish!: (value: { action: string; output: string }) => void;
    mockBackend
      .action("serverControl:isPaused")
      .mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { rerender } = renderTab(false);
    const pause = screen.getByRole("switch", { name: "Пауза матчу" });
    expect(pause).toHaveAttribute("aria-checked", "false");
    expect(screen.getByRole("switch", { name: "Автобаланс команд" })).toHaveAttribute(
      "aria-checked",
      "true",
    );

    await user.click(pause);
    expect(mockBackend.action("serverControl:isPaused")).toHaveBeenCalledWith({
      serverId: SERVER,
      sessionId: TEST_SESSION_ID,
      enabled: true,
    });
    for (const s of screen.getAllByRole("switch")) expect(s).toBeDisabled();

    await act(async () => finish({ action: "isPaused", output: "" }));
    expect(toast.success).toHaveBeenCalledWith('Дія "Пауза матчу" виконана успішно!');
    expect(pause).toBeEnabled();
    expect(pause).toHaveAttribute("aria-checked", "false"); // not until the backend stored it
    mockBackend.queries["serverControl:toggles"] = { ...TOGGLES, isPaused: true };
    rerender(<AdminTab serverId={SERVER} isAdmin={false} />);
    expect(pause).toHaveAttribute("aria-checked", "true");
  });

  it("a refused or failed call shows the backend's message", async () => {
    const user = userEvent.setup();
    mockBackend.action("serverControl:restartGame").mockRejectedValue(
      new ConvexError({
        code: "GAME_SERVER",
        message: 'Помилка виконання дії "Перезапуск гри": API Error 500: boom',
      }),
    );
    renderTab(false);
    await user.click(screen.getByRole("button", { name: "Перезапустити гру" }));
    const confirm = screen.getByRole("dialog", { name: "Перезапустити гру?" });
    expect(confirm).toHaveTextContent("Поточний матч на сервері «Server #1» почнеться спочатку");
    await user.click(within(confirm).getByRole("button", { name: "Перезапустити гру" }));
    expect(toast.error).toHaveBeenCalledWith(
      'Помилка виконання дії "Перезапуск гри": API Error 500: boom',
      { id: 'Помилка виконання дії "Перезапуск гри": API Error 500: boom' },
    );
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("changing the map without a choice warns and sends nothing", async () => {
    const user = userEvent.setup();
    renderTab(false);
    await user.click(screen.getByRole("button", { name: "Змінити мапу" }));
    await user.click(screen.getByRole("button", { name: "Завантажити" }));
    expect(toast.error).toHaveBeenCalledTimes(2);
    expect(toast.error).toHaveBeenCalledWith("Оберіть мапу з випадаючого списку", {
      id: "Оберіть мапу з випадаючого списку",
    });
    expect(mockBackend.action("serverControl:changeMap")).not.toHaveBeenCalled();
    expect(mockBackend.action("serverControl:workshopMap")).not.toHaveBeenCalled();

    const official = screen.getByLabelText("Офіційні мапи");
    expect(
      within(official)
        .getAllByRole("group")
        .map((g) => g.getAttribute("label")),
    ).toEqual(["Змагальний пул", "Резервний пул", "Гонка озброєнь", "Напарники"]);
    await user.selectOptions(official, "de_nuke");
    mockBackend
      .action("serverControl:changeMap")
      .mockResolvedValue({ action: "changeMap", output: "" });
    await user.click(screen.getByRole("button", { name: "Змінити мапу" }));
    const confirm = screen.getByRole("dialog", { name: "Змінити мапу на Nuke?" });
    expect(mockBackend.action("serverControl:changeMap")).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole("button", { name: "Змінити мапу" }));
    expect(mockBackend.action("serverControl:changeMap")).toHaveBeenCalledWith(
      expect.objectContaining({ map: "de_nuke", serverId: SERVER }),
    );
    expect(toast.success).toHaveBeenCalledWith('Дія "Зміна мапи" виконана успішно!');

    await user.selectOptions(screen.getByLabelText("Мапи з Workshop"), "3070321829");
    await user.click(screen.getByRole("button", { name: "Завантажити" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Змінити мапу на surf_beginner?" })).getByRole(
        "button",
        { name: "Змінити мапу" },
      ),
    );
    expect(mockBackend.action("serverControl:workshopMap")).toHaveBeenCalledWith(
      expect.objectContaining({ workshopId: "3070321829" }),
    );
  });

  it("game mode: chosen from the list and applied; without a choice it says so", async () => {
    const user = userEvent.setup();
    renderTab(false);
    const apply = screen.getByRole("button", { name: "Змінити режим" });
    await user.click(apply);
    expect(toast.error).toHaveBeenCalledWith("Оберіть режим гри зі списку.", {
      id: "Оберіть режим гри зі списку.",
    });
    expect(mockBackend.action("serverControl:gameMode")).not.toHaveBeenCalled();
    await user.selectOptions(screen.getByLabelText("Режим гри"), "wingman");
    await user.click(apply);
    // It ends the running match, so it asks first, like a map change.
    const ask = screen.getByRole("dialog", { name: /Змінити режим на/ });
    expect(ask).toHaveTextContent("поточний матч буде завершено");
    expect(mockBackend.action("serverControl:gameMode")).not.toHaveBeenCalled();
    await user.click(within(ask).getByRole("button", { name: "Змінити режим" }));
    expect(mockBackend.action("serverControl:gameMode")).toHaveBeenCalledWith(
      expect.objectContaining({ mode: "wingman" }),
    );
  });

  it("the command box: required, at most 330 characters with a live counter, shows the output", async () => {
    const user = userEvent.setup();
    mockBackend
      .action("serverControl:command")
      .mockResolvedValue({ action: "command", output: "mp_roundtime = 2" });
    renderTab(true);
    const input = screen.getByLabelText("Команда");
    const run = screen.getByRole("button", { name: "Виконати" });
    expect(input).toBeRequired();
    expect(screen.getByText("0/330")).toBeInTheDocument();
    // Enabled like every primary button; an empty box says what is missing, in Ukrainian.
    await user.click(run);
    expect(screen.getByText("Введіть команду.")).toBeInTheDocument();
    expect(mockBackend.action("serverControl:command")).not.toHaveBeenCalled();

    await user.type(input, "mp_roundtime 2");
    expect(screen.getByText("14/330")).toBeInTheDocument();
    await user.click(run);
    expect(mockBackend.action("serverControl:command")).toHaveBeenCalledWith(
      expect.objectContaining({ command: "mp_roundtime 2" }),
    );
    expect(screen.getByTestId("command-output")).toHaveTextContent("mp_roundtime = 2");
    expect(toast.success).toHaveBeenCalledWith('Дія "Команда" виконана успішно!');

    await user.clear(input);
    await user.click(input);
    await user.paste("x".repeat(400));
    // A longer paste is kept whole and refused with the reason, never cut silently.
    expect(input).toHaveValue("x".repeat(400));
    expect(screen.getByText("400/330")).toBeInTheDocument();
    expect(
      screen.getByText("Щонайбільше 330 символів (зараз 400): скоротіть текст."),
    ).toBeVisible();
    mockBackend.action("serverControl:command").mockClear();
    await user.click(run);
    expect(mockBackend.action("serverControl:command")).not.toHaveBeenCalled();
  });

  it("the console asks before restarting the match, as the «Перезапустити гру» button does", async () => {
    const user = userEvent.setup();
    mockBackend
      .action("serverControl:command")
      .mockResolvedValue({ action: "command", output: "" });
    renderTab(true);
    await user.type(screen.getByLabelText("Команда"), "mp_restartgame 1");
    await user.click(screen.getByRole("button", { name: "Виконати" }));
    const confirm = screen.getByRole("dialog", { name: "Перезапустити гру?" });
    expect(mockBackend.action("serverControl:command")).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole("button", { name: "Скасувати" }));
    expect(mockBackend.action("serverControl:command")).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Виконати" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Перезапустити гру?" })).getByRole("button", {
        name: "Виконати",
      }),
    );
    expect(mockBackend.action("serverControl:command")).toHaveBeenCalledWith(
      expect.objectContaining({ command: "mp_restartgame 1" }),
    );
  });

  it("an unknown console command is a warning, not a success", async () => {
    const user = userEvent.setup();
    const warning = "Сервер не знає команди «foobar_unknown».";
    mockBackend.action("serverControl:command").mockResolvedValue({
      action: "command",
      output: 'Unknown command "foobar_unknown"',
      warning,
    });
    renderTab(true);
    await user.type(screen.getByLabelText("Команда"), "foobar_unknown");
    await user.click(screen.getByRole("button", { name: "Виконати" }));
    expect(toast).toHaveBeenCalledWith(warning, expect.objectContaining({ icon: "⚠️" }));
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.getByTestId("command-output")).toHaveTextContent(warning);
  });

  it("the chat message: at most 100 characters with a counter, cleared after sending", async () => {
    const user = userEvent.setup();
    renderTab(true);
    const input = screen.getByLabelText("Повідомлення");
    await user.click(input);
    await user.paste("я".repeat(120));
    expect(screen.getByText("120/100")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Надіслати" }));
    expect(mockBackend.action("serverControl:say")).not.toHaveBeenCalled();
    await user.clear(input);
    await user.paste("я".repeat(100));
    expect(screen.getByText("100/100")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Надіслати" }));
    expect(mockBackend.action("serverControl:say")).toHaveBeenCalledWith(
      expect.objectContaining({ message: "я".repeat(100) }),
    );
    expect(input).toHaveValue("");
  });

  it("restart services and server update ask for confirmation first", async () => {
    const user = userEvent.setup();
    renderTab(true);
    await user.click(screen.getByRole("button", { name: "Оновити сервер" }));
    const dialog = screen.getByRole("dialog", { name: "Оновити сервер?" });
    await user.click(within(dialog).getByRole("button", { name: "Скасувати" }));
    expect(mockBackend.action("serverControl:serverUpdate")).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Перезапустити сервіси" }));
    const confirm = screen.getByRole("dialog", { name: "Перезапустити сервіси сервера?" });
    await user.click(within(confirm).getByRole("button", { name: "Перезапустити сервіси" }));
    expect(mockBackend.action("serverControl:restartServices")).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("the guest-admin switch: success announces, failure says 'Не вдалося змінити статус панелі.'", async () => {
    const user = userEvent.setup();
    renderTab(true);
    const guest = screen.getByRole("switch", { name: "Гостьова адмін-панель" });
    mockBackend.action("settings:setGuestAdmin").mockResolvedValueOnce(null);
    await user.click(guest);
    // Opening the controls to every visitor asks first.
    expect(mockBackend.action("settings:setGuestAdmin")).not.toHaveBeenCalled();
    await user.click(
      within(screen.getByRole("dialog", { name: "Увімкнути гостьову панель?" })).getByRole(
        "button",
        { name: "Увімкнути" },
      ),
    );
    expect(mockBackend.action("settings:setGuestAdmin")).toHaveBeenCalledWith({
      enabled: true,
      sessionId: TEST_SESSION_ID,
    });
    expect(toast.success).toHaveBeenCalledWith("Гостьову адмін-панель увімкнено.", {
      id: "guest-admin",
    });
    mockBackend
      .action("settings:setGuestAdmin")
      .mockRejectedValueOnce(new ConvexError({ code: "FORBIDDEN", message: "x" }));
    await user.click(guest);
    await user.click(
      within(screen.getByRole("dialog", { name: "Увімкнути гостьову панель?" })).getByRole(
        "button",
        { name: "Увімкнути" },
      ),
    );
    expect(toast.error).toHaveBeenCalledWith("Не вдалося змінити статус панелі.", {
      id: "Не вдалося змінити статус панелі.",
    });
  });
});
