import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import type { Id } from "@/lib/backend";
import { MatchesTable } from "./matches-table";
import { Scoreboard } from "./scoreboard";

const hostile = '<img src=x onerror="alert(1)">\u202Eevil';

describe("history tables", () => {
  it("render player names as text and link them to careers", () => {
    render(
      <Scoreboard
        caption="CT"
        lines={[
          {
            steamId: "76561198000000042",
            name: hostile,
            side: "CT",
            kills: 12,
            deaths: 4,
            assists: 3,
            headshots: 6,
            damage: 1500,
            mvps: 2,
            rounds: 10,
          },
        ]}
      />,
      { wrapper: MemoryRouter },
    );
    const link = screen.getByRole("link", { name: hostile });
    expect(link.getAttribute("href")).toBe("/players/76561198000000042");
    expect(document.querySelector("img")).toBeNull();
    // ADR: 1500 damage over 10 rounds.
    expect(screen.getByText("150,00")).toBeTruthy();
    // The same headings as the live board and the players tab («K D A», never «В С Д»).
    const headers = screen.getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers.slice(-6)).toEqual(["K", "D", "A", "HS", "ADR", "MVP"]);
    expect(screen.getByTitle("Вбивства").textContent).toBe("K");
  });

  it("mark a bot as a bot, with no career link", () => {
    render(
      <Scoreboard
        caption="T"
        lines={[
          {
            name: "BOT Ivan",
            side: "T",
            kills: 3,
            deaths: 9,
            assists: 0,
            headshots: 1,
            damage: 400,
            mvps: 0,
            rounds: 10,
          },
        ]}
      />,
      { wrapper: MemoryRouter },
    );
    expect(screen.queryByRole("link")).toBeNull();
    const row = screen.getByText("BOT Ivan").closest("tr")!;
    expect(row.dataset.bot).toBe("true");
    expect(row.textContent).toContain("бот");
  });

  it("list matches with a link to each scoreboard and mark the ones careers skip", () => {
    render(
      <MatchesTable
        matches={[
          {
            id: "m1" as Id<"matches">,
            serverKey: "s1",
            serverName: "Сервер <1>",
            map: "de_nuke",
            mode: "competitive",
            startedAt: 0,
            endedAt: Date.UTC(2026, 10, 3, 18),
            scoreCT: 13,
            scoreT: 9,
            winner: "CT",
            rounds: 22,
            counted: false,
          },
        ]}
      />,
      { wrapper: MemoryRouter },
    );
    expect(screen.getByRole("link", { name: "Nuke" }).getAttribute("href")).toBe("/matches/m1");
    expect(screen.getByText("Сервер <1>")).toBeTruthy();
    expect(screen.getByText(/не в статистиці/)).toBeTruthy();
  });
});
