import "@/test/mock-backend-modules";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import toast from "react-hot-toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Id } from "@/lib/backend";
import { mockBackend } from "@/test/mock-convex";
import { PlayerModeration } from "./player-moderation";

const SERVER = "s1" as Id<"servers">;
const PLAYER = { steamId: "76561198000000042", name: "Зевс" };

describe("PlayerModeration", () => {
  beforeEach(() => mockBackend.reset());
  afterEach(() => vi.clearAllMocks());

  it("offers kick, ban and a disabled slay marked 'тимчасово недоступно'", () => {
    render(<PlayerModeration serverId={SERVER} player={PLAYER} />);
    expect(screen.getByRole("button", { name: "Кікнути" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Забанити" })).toBeEnabled();
    const slay = screen.getByRole("button", { name: "Slay" });
    expect(slay).toBeDisabled();
    expect(slay).toHaveAttribute("title", "тимчасово недоступно");
    expect(slay).toHaveAccessibleDescription("тимчасово недоступно");
  });

  it("kick asks first, naming the player, and kicks only on confirm", async () => {
    const user = userEvent.setup();
    mockBackend.action("moderation:kick").mockResolvedValue({ action: "kick", output: "" });
    render(<PlayerModeration serverId={SERVER} player={PLAYER} />);
    await user.click(screen.getByRole("button", { name: "Кікнути" }));
    const confirm = screen.getByRole("dialog", { name: "Кікнути гравця?" });
    expect(confirm).toHaveTextContent(
      "Гравця Зевс (76561198000000042) буде відключено від сервера.",
    );
    await user.click(within(confirm).getByRole("button", { name: "Скасувати" }));
    expect(mockBackend.action("moderation:kick")).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Кікнути" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Кікнути гравця?" })).getByRole("button", {
        name: "Кікнути",
      }),
    );
    expect(mockBackend.action("moderation:kick")).toHaveBeenCalledWith(
      expect.objectContaining({ serverId: SERVER, steamId: PLAYER.steamId }),
    );
    expect(toast.success).toHaveBeenCalledWith('Дія "Кік" виконана успішно!');
  });

  it("bans for a preset length, 1 hour by default, after a confirmation that names it", async () => {
    const user = userEvent.setup();
    render(<PlayerModeration serverId={SERVER} player={PLAYER} />);
    const duration = screen.getByLabelText("Тривалість бану");
    expect(duration).toHaveValue("60");
    expect(
      within(duration)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["30 хв", "1 год", "1 день", "7 днів", "30 днів", "Назавжди", "Інша тривалість…"]);
    const banWith = async () => {
      await user.click(screen.getByRole("button", { name: "Забанити" }));
      const confirm = screen.getByRole("dialog", { name: "Забанити гравця?" });
      const text = confirm.textContent;
      await user.click(within(confirm).getByRole("button", { name: "Забанити" }));
      return text;
    };
    expect(await banWith()).toContain("Гравця Зевс (76561198000000042) буде забанено на 1 год.");
    expect(mockBackend.action("moderation:ban")).toHaveBeenLastCalledWith(
      expect.objectContaining({ steamId: PLAYER.steamId, duration: 60 }),
    );
    await user.selectOptions(duration, "0");
    expect(await banWith()).toContain("буде забанено назавжди.");
    expect(mockBackend.action("moderation:ban")).toHaveBeenLastCalledWith(
      expect.objectContaining({ duration: 0 }),
    );
    await user.selectOptions(duration, "custom");
    await user.type(screen.getByLabelText("Тривалість, хв (0 — назавжди)"), "45");
    expect(await banWith()).toContain("буде забанено на 45 хв.");
    expect(mockBackend.action("moderation:ban")).toHaveBeenLastCalledWith(
      expect.objectContaining({ duration: 45 }),
    );
  });

  it("refuses a custom length that is not a whole number of minutes in bounds, naming the maximum", async () => {
    const user = userEvent.setup();
    render(<PlayerModeration serverId={SERVER} player={PLAYER} />);
    await user.selectOptions(screen.getByLabelText("Тривалість бану"), "custom");
    const input = screen.getByLabelText("Тривалість, хв (0 — назавжди)");
    for (const bad of ["-5", "1.5", "", "99999999"]) {
      await user.clear(input);
      if (bad) await user.type(input, bad);
      await user.click(screen.getByRole("button", { name: "Забанити" }));
      expect(screen.getByRole("alert")).toHaveTextContent(
        "Вкажіть ціле число хвилин від 0 (назавжди) до 5256000.",
      );
    }
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(mockBackend.action("moderation:ban")).not.toHaveBeenCalled();
  });

  it("a moderator sees only bounded durations and bans with a preset or own reason", async () => {
    const user = userEvent.setup();
    mockBackend.queries["moderation:settings"] = {
      banReasons: ["Чити", "Гриферство"],
      kickReasons: ["АФК"],
      banDurations: [60, 1440, 43200, 0],
      moderatorMaxMinutes: 1440,
      publicBanList: false,
      publicShowsModerator: false,
    };
    render(<PlayerModeration serverId={SERVER} player={PLAYER} role="moderator" />);
    const duration = screen.getByLabelText("Тривалість бану");
    expect(
      within(duration)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["1 год", "1 день", "Інша тривалість…"]);
    await user.selectOptions(screen.getByLabelText("Причина бану"), "Гриферство");
    await user.selectOptions(duration, "1440");
    await user.click(screen.getByRole("button", { name: "Забанити" }));
    const confirm = screen.getByRole("dialog", { name: "Забанити гравця?" });
    await user.click(within(confirm).getByRole("button", { name: "Забанити" }));
    expect(mockBackend.action("moderation:ban")).toHaveBeenLastCalledWith(
      expect.objectContaining({ steamId: PLAYER.steamId, duration: 1440, reason: "Гриферство" }),
    );
    await user.type(screen.getByLabelText("Своя причина (необов'язково)"), "Спам у чаті");
    await user.click(screen.getByRole("button", { name: "Кікнути" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Кікнути гравця?" })).getByRole("button", {
        name: "Кікнути",
      }),
    );
    expect(mockBackend.action("moderation:kick")).toHaveBeenLastCalledWith(
      expect.objectContaining({ reason: "Спам у чаті" }),
    );
  });
});
