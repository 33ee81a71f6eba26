import "@/test/mock-backend-modules";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Id } from "@/lib/backend";
import { mockBackend } from "@/test/mock-convex";
import { AddBanForm } from "./add-ban-form";

const SERVER = "s1" as Id<"servers">;

describe("AddBanForm", () => {
  beforeEach(() => mockBackend.reset());
  afterEach(() => vi.clearAllMocks());

  it("confirms a pasted profile link by the SteamID64 it names, not the link", async () => {
    const user = userEvent.setup();
    mockBackend.action("moderation:ban").mockResolvedValue(null);
    render(<AddBanForm serverId={SERVER} onBanned={() => undefined} />);
    await user.type(
      screen.getByLabelText("SteamID або посилання на профіль"),
      "https://steamcommunity.com/profiles/76561198000000001/",
    );
    await user.click(screen.getByRole("button", { name: "Забанити" }));
    const confirm = screen.getByRole("dialog", { name: "Забанити гравця?" });
    expect(confirm).toHaveTextContent("Гравця з SteamID 76561198000000001 буде забанено");
    expect(confirm).not.toHaveTextContent("steamcommunity");
    await user.click(within(confirm).getByRole("button", { name: "Забанити" }));
    expect(mockBackend.action("moderation:ban")).toHaveBeenCalledWith(
      expect.objectContaining({ steamId: "76561198000000001" }),
    );
  });

  it("names a custom profile URL by its name", async () => {
    const user = userEvent.setup();
    render(<AddBanForm serverId={SERVER} onBanned={() => undefined} />);
    await user.type(
      screen.getByLabelText("SteamID або посилання на профіль"),
      "steamcommunity.com/id/gabelogannewell",
    );
    await user.click(screen.getByRole("button", { name: "Забанити" }));
    expect(screen.getByRole("dialog", { name: "Забанити гравця?" })).toHaveTextContent(
      "Гравця з профілем Steam «gabelogannewell» буде забанено",
    );
  });
});
