import "@/test/mock-backend-modules";
import { render as renderBare, screen, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router-dom";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PlayerModeration } from "@/features/moderation/components/player-moderation";
import { PlayersTab } from "@/features/players/components/players-tab";
import type { Id } from "@/lib/backend";
import { makePlayer } from "@/test/fixtures";
import { mockBackend } from "@/test/mock-convex";

/** Player names link to career pages: the tables render inside a router. */
const render = (ui: ReactElement) => renderBare(ui, { wrapper: MemoryRouter });

const SERVER = "s1" as Id<"servers">;
const player = makePlayer({ name: "Зевс", team: "Terrorist", steamId: "76561198000000042" });

/** The panel composes the players feature with the admin feature's moderation controls. */
describe("player modal for admins", () => {
  beforeEach(() => mockBackend.reset());
  afterEach(() => vi.clearAllMocks());

  it("adds kick, ban and a disabled slay to the player modal", async () => {
    const user = userEvent.setup();
    render(
      <PlayersTab
        players={[player]}
        renderPlayerActions={(p) => <PlayerModeration serverId={SERVER} player={p} />}
      />,
    );
    await user.click(screen.getByRole("row", { name: "Відкрити статистику гравця Зевс" }));
    const dialog = screen.getByRole("dialog", { name: "Зевс" });
    const moderation = within(dialog).getByRole("region", { name: "Модерація" });
    expect(within(moderation).getByRole("button", { name: "Кікнути" })).toBeEnabled();
    expect(within(moderation).getByRole("button", { name: "Забанити" })).toBeEnabled();
    expect(within(moderation).getByRole("button", { name: "Slay" })).toBeDisabled();
    await user.click(within(moderation).getByRole("button", { name: "Забанити" }));
    const confirm = screen.getByRole("dialog", { name: "Забанити гравця?" });
    await user.click(within(confirm).getByRole("button", { name: "Забанити" }));
    expect(mockBackend.action("moderation:ban")).toHaveBeenCalledWith(
      expect.objectContaining({ serverId: SERVER, steamId: "76561198000000042", duration: 60 }),
    );
  });

  it("closes the player once the server kicked them, and stays open when it refused", async () => {
    const user = userEvent.setup();
    render(
      <PlayersTab
        players={[player]}
        renderPlayerActions={(p, close) => (
          <PlayerModeration serverId={SERVER} player={p} onDone={close} />
        )}
      />,
    );
    const kick = async () => {
      await user.click(
        within(screen.getByRole("dialog", { name: "Зевс" })).getByRole("button", {
          name: "Кікнути",
        }),
      );
      await user.click(
        within(screen.getByRole("dialog", { name: "Кікнути гравця?" })).getByRole("button", {
          name: "Кікнути",
        }),
      );
    };
    await user.click(screen.getByRole("row", { name: "Відкрити статистику гравця Зевс" }));
    mockBackend.action("moderation:kick").mockRejectedValueOnce(new Error("offline"));
    await kick();
    expect(screen.getByRole("dialog", { name: "Зевс" })).toBeInTheDocument();

    mockBackend.action("moderation:kick").mockResolvedValueOnce({ action: "kick", output: "" });
    await kick();
    expect(screen.queryByRole("dialog", { name: "Зевс" })).not.toBeInTheDocument();
  });

  it("visitors get no moderation controls", async () => {
    const user = userEvent.setup();
    render(<PlayersTab players={[player]} />);
    await user.click(screen.getByRole("row", { name: "Відкрити статистику гравця Зевс" }));
    expect(screen.queryByRole("button", { name: "Кікнути" })).not.toBeInTheDocument();
  });
});
