import "@/test/mock-backend-modules";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { mockBackend } from "@/test/mock-convex";
import { PublicBansPage } from "./public-bans-page";

describe("PublicBansPage", () => {
  beforeEach(() => {
    mockBackend.reset();
    mockBackend.queries["moderation:publicBanListInfo"] = { enabled: true };
    mockBackend.paginated["moderation:publicBans"] = {
      status: "Exhausted",
      loadMore: vi.fn(),
      results: [
        { _id: "b1", steamId: "76561198000000001", playerName: "Олег", at: 0, reason: "Чити" },
        { _id: "b2", steamId: "76561198000000002", at: 0 },
      ],
    };
  });

  it("has the site's header, says an unknown name as such, and names its date columns plainly", () => {
    render(
      <MemoryRouter>
        <PublicBansPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "CS2 Панель" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "До панелі" })).toBeInTheDocument();
    const headers = screen.getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual(["Гравець", "Сервер", "Причина бану", "Діє до", "Забанено"]);
    const [, , unnamed] = screen.getAllByRole("row");
    const player = within(unnamed!).getAllByRole("cell")[0]!;
    // The SteamID once, under «Нікнейм не знайдено», not repeated as the name.
    expect(player).toHaveTextContent("Нікнейм не знайдено76561198000000002");
    expect(within(unnamed!).getAllByText("76561198000000002")).toHaveLength(1);
  });
});
