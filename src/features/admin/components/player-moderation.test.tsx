import "@/test/mock-backend-modules";
import { render, screen } from "@testing-library/react";
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

  it("kicks and bans (0 = forever) the player", async () => {
    const user = userEvent.setup();
    mockBackend.action("moderation:kick").mockResolvedValue({ action: "kick", output: "" });
    render(<PlayerModeration serverId={SERVER} player={PLAYER} />);
    await user.click(screen.getByRole("button", { name: "Кікнути" }));
    expect(mockBackend.action("moderation:kick")).toHaveBeenCalledWith(
      expect.objectContaining({ serverId: SERVER, steamId: PLAYER.steamId }),
    );
    expect(toast.success).toHaveBeenCalledWith('Дія "Кік" виконана успішно!');

    expect(screen.getByLabelText("Тривалість бану, хв (0 — назавжди)")).toHaveValue(0);
    await user.click(screen.getByRole("button", { name: "Забанити" }));
    expect(mockBackend.action("moderation:ban")).toHaveBeenLastCalledWith(
      expect.objectContaining({ steamId: PLAYER.steamId, duration: 0 }),
    );
    await user.clear(screen.getByLabelText("Тривалість бану, хв (0 — назавжди)"));
    await user.type(screen.getByLabelText("Тривалість бану, хв (0 — назавжди)"), "30");
    await user.click(screen.getByRole("button", { name: "Забанити" }));
    expect(mockBackend.action("moderation:ban")).toHaveBeenLastCalledWith(
      expect.objectContaining({ duration: 30 }),
    );
  });

  it("refuses a duration that is not a whole number of minutes ≥ 0", async () => {
    const user = userEvent.setup();
    render(<PlayerModeration serverId={SERVER} player={PLAYER} />);
    const input = screen.getByLabelText("Тривалість бану, хв (0 — назавжди)");
    for (const bad of ["-5", "1.5", ""]) {
      await user.clear(input);
      if (bad) await user.type(input, bad);
      await user.click(screen.getByRole("button", { name: "Забанити" }));
      expect(screen.getByRole("alert")).toHaveTextContent("Вкажіть ціле число хвилин, не менше 0.");
    }
    expect(input).toHaveAttribute("min", "0");
    expect(mockBackend.action("moderation:ban")).not.toHaveBeenCalled();
  });
});
