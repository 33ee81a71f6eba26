import "@/test/mock-backend-modules";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import toast from "react-hot-toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Id } from "@/lib/backend";
import { mockBackend } from "@/test/mock-convex";
import { BanListModal } from "./ban-list-modal";

const SERVER = "s1" as Id<"servers">;
const BANS = [
  {
    steamId: "76561198000000001",
    nickname: "Олег",
    durationMinutes: 0,
    expiresAt: null,
    reason: "Чити",
    by: "admin",
    byRole: "admin" as const,
    source: "panel" as const,
    canLift: true,
  },
  {
    steamId: "76561198000000002",
    nickname: null,
    durationMinutes: 15,
    expiresAt: "2026-11-22T12:00:00.000Z",
    source: "gameServer" as const,
    canLift: false,
  },
];

describe("BanListModal", () => {
  beforeEach(() => mockBackend.reset());
  afterEach(() => vi.clearAllMocks());

  it("lists each ban: nickname or 'Нікнейм не знайдено', profile link, id, 'Назавжди' or minutes", async () => {
    mockBackend.action("moderation:banList").mockResolvedValue(BANS);
    render(<BanListModal serverId={SERVER} onClose={() => undefined} />);
    const rows = (await screen.findAllByRole("row")).slice(1);
    expect(rows).toHaveLength(2);

    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText("Олег")).toBeInTheDocument();
    expect(within(first).getByText("76561198000000001")).toBeInTheDocument();
    expect(within(first).getByText("Назавжди")).toBeInTheDocument();
    const link = within(first).getByRole("link", { name: "Профіль Steam" });
    expect(link).toHaveAttribute("href", "https://steamcommunity.com/profiles/76561198000000001");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noreferrer");

    expect(within(second).getByText("Нікнейм не знайдено")).toBeInTheDocument();
    expect(within(second).getByText("15 хв")).toBeInTheDocument();
    expect(mockBackend.action("moderation:banList")).toHaveBeenCalledWith(
      expect.objectContaining({ serverId: SERVER }),
    );
  });

  it("shows the empty message", async () => {
    mockBackend.action("moderation:banList").mockResolvedValue([]);
    render(<BanListModal serverId={SERVER} onClose={() => undefined} />);
    expect(await screen.findByText("Список банів порожній.")).toBeInTheDocument();
  });

  it("shows the backend's load error once, in the modal", async () => {
    const message = "Помилка завантаження списку банів: API Error 401: Unauthorized";
    mockBackend
      .action("moderation:banList")
      .mockRejectedValue(new ConvexError({ code: "GAME_SERVER", message }));
    render(<BanListModal serverId={SERVER} onClose={() => undefined} />);
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("unban asks for confirmation, then unbans and reloads", async () => {
    const user = userEvent.setup();
    mockBackend
      .action("moderation:banList")
      .mockResolvedValueOnce(BANS)
      .mockResolvedValue([BANS[1]]);
    render(<BanListModal serverId={SERVER} onClose={() => undefined} />);
    await user.click(await screen.findByRole("button", { name: "Розбанити Олег" }));
    const confirm = screen.getByRole("dialog", { name: "Розбанити гравця?" });
    expect(confirm).toHaveTextContent(
      "Гравця Олег (76561198000000001) буде видалено зі списку банів.",
    );
    await user.click(within(confirm).getByRole("button", { name: "Скасувати" }));
    expect(mockBackend.action("moderation:unban")).not.toHaveBeenCalled();
    // Escape in the confirmation closes only the confirmation, not the ban list.
    await user.click(screen.getByRole("button", { name: "Розбанити Олег" }));
    await user.keyboard("{Escape}");
    expect(screen.getByRole("dialog", { name: "Список банів" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Розбанити гравця?" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Розбанити Олег" }));
    mockBackend.action("moderation:unban").mockResolvedValue({ action: "unban", output: "" });
    await user.click(
      within(screen.getByRole("dialog", { name: "Розбанити гравця?" })).getByRole("button", {
        name: "Розбанити",
      }),
    );
    expect(mockBackend.action("moderation:unban")).toHaveBeenCalledWith(
      expect.objectContaining({ steamId: "76561198000000001", serverId: SERVER }),
    );
    expect(toast.success).toHaveBeenCalledWith('Дія "Розбан" виконана успішно!');
    expect(screen.queryByText("Олег")).not.toBeInTheDocument();
    expect(mockBackend.action("moderation:banList")).toHaveBeenCalledTimes(2);
  });

  it("merges our records: reason and who; a ban the caller may not lift offers no unban", async () => {
    mockBackend.action("moderation:banList").mockResolvedValue(BANS);
    render(<BanListModal serverId={SERVER} onClose={() => {}} />);
    const table = await screen.findByRole("table");
    expect(within(table).getByText("Чити")).toBeInTheDocument();
    expect(within(table).getByText("admin (адміністратор)")).toBeInTheDocument();
    expect(within(table).getByText("видано на ігровому сервері")).toBeInTheDocument();
    expect(within(table).getAllByRole("button", { name: /Розбанити/ })).toHaveLength(1);
    expect(within(table).getByText("лише адміністратор")).toBeInTheDocument();
  });
});
