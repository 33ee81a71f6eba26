import { render as renderBare, screen, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import type { BoardLine } from "@/lib/backend";
import { makeMatch, makeSummary } from "@/test/fixtures";
import { DashboardTab } from "./dashboard-tab";

const render = (ui: ReactElement) => renderBare(ui, { wrapper: MemoryRouter });

/** What the deployment cached from Steam: one player's avatar and one workshop map's title. */
vi.mock("convex/react", async () => {
  const { getFunctionName } = await import("convex/server");
  const cached: Record<string, unknown> = {
    "steamData:profiles": [
      { steamId: "76561198000000002", avatarUrl: "https://avatars.example/trin.jpg" },
    ],
    "steamData:workshopTitle": "Aim Map Classic",
  };
  return {
    useQuery: (ref: Parameters<typeof getFunctionName>[0], args?: unknown) =>
      args === "skip" ? undefined : cached[getFunctionName(ref)],
  };
});

function line(fields: Partial<BoardLine> & Pick<BoardLine, "name" | "side">): BoardLine {
  return {
    steamId: "76561198000000001",
    bot: false,
    kills: 0,
    deaths: 0,
    assists: 0,
    adr: 0,
    mvps: 0,
    ...fields,
  };
}

const now = Date.now();

describe("DashboardTab", () => {
  it("renders map, scores, players online, phase and the six totals", () => {
    render(
      <DashboardTab
        serverName="Server #1"
        snapshot={{
          match: makeMatch({
            mapName: "de_inferno",
            scoreCT: 11,
            scoreT: 8,
            playersOnline: 9,
            roundPhase: "freezetime",
          }),
          summary: makeSummary({ totalKills: 164, totalDamage: 21870 }),
          board: [],
          updatedAt: now - 4_000,
        }}
        status={{ online: true, lastSuccessAt: now - 2_000, livenessAt: now }}
      />,
    );
    expect(screen.getByText("Inferno")).toBeInTheDocument();
    expect(screen.getByText("de_inferno")).toBeInTheDocument();
    expect(screen.getByTestId("score-ct")).toHaveTextContent("11");
    expect(screen.getByTestId("score-t")).toHaveTextContent("8");
    expect(screen.getByText("Гравців онлайн").nextElementSibling).toHaveTextContent("9");
    expect(screen.getByText("Закупівля")).toBeInTheDocument();
    expect(screen.getByText("Вбивств").nextElementSibling).toHaveTextContent("164");
    expect(screen.getByText("Завдано шкоди").nextElementSibling?.textContent).toBe(
      new Intl.NumberFormat("uk-UA").format(21870),
    );
    for (const label of ["Гравців за мапу", "Смертей", "Закладено бомб", "Знешкоджено бомб"]) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    // Freshness comes from the newer of the snapshot and the last successful poll.
    expect(screen.getByText(/оновлено [0-9] с тому/)).toHaveTextContent("оновлено 2 с тому");
  });

  it("shows skeletons while loading and a message before the first poll", () => {
    const { rerender } = render(
      <DashboardTab serverName="Server #1" snapshot={undefined} status={undefined} />,
    );
    expect(screen.queryByTestId("score-ct")).not.toBeInTheDocument();
    rerender(<DashboardTab serverName="Server #1" snapshot={null} status={null} />);
    expect(screen.getByText(/Даних про матч поки немає/)).toBeInTheDocument();
    expect(screen.getByText("Загальна статистика поки недоступна.")).toBeInTheDocument();
  });

  it("offers «Дивитися через GOTV» while the server broadcasts, and not otherwise", () => {
    const snapshot = { match: makeMatch(), summary: undefined, board: [], updatedAt: now };
    const status = { online: true, lastSuccessAt: now, livenessAt: now };
    const { rerender } = render(
      <DashboardTab
        serverName="Server #1"
        snapshot={snapshot}
        status={status}
        gotvAddress="203.0.113.10:27020"
      />,
    );
    expect(screen.getByRole("link", { name: /Дивитися через GOTV/ })).toHaveAttribute(
      "href",
      "steam://connect/203.0.113.10:27020",
    );
    rerender(
      <DashboardTab
        serverName="Server #1"
        snapshot={snapshot}
        status={status}
        gotvAddress={null}
      />,
    );
    expect(screen.queryByRole("link", { name: /GOTV/ })).not.toBeInTheDocument();
  });

  it("notes stale data when the server is offline", () => {
    render(
      <DashboardTab
        serverName="Server #1"
        snapshot={{ match: makeMatch(), summary: undefined, board: [], updatedAt: now }}
        status={{ online: false, lastSuccessAt: now, livenessAt: now }}
      />,
    );
    expect(screen.getByText(/Сервер зараз офлайн/)).toBeInTheDocument();
    // Nobody is known to be online on a server that does not answer: the count is the last heard.
    expect(screen.queryByText("Гравців онлайн")).toBeNull();
    expect(screen.getByText("Гравців (останні дані)")).toBeInTheDocument();
  });

  it("puts CT beside T with the team names, each player's K/D/A, ADR and MVPs, bots marked", () => {
    render(
      <DashboardTab
        serverName="Server #1"
        snapshot={{
          match: makeMatch({ scoreCT: 5, scoreT: 3, teamCT: "Синій <b>", teamT: "Жовті" }),
          summary: makeSummary(),
          board: [
            line({ name: "Neo", side: "CT", kills: 12, deaths: 7, assists: 3, adr: 95, mvps: 2 }),
            line({ steamId: "0", name: "Bot Ivan", side: "CT", bot: true, kills: 1 }),
            line({ steamId: "76561198000000002", name: "Trin", side: "T", kills: 9, adr: 80 }),
          ],
          updatedAt: now,
        }}
        status={{ online: true, lastSuccessAt: now, livenessAt: now }}
      />,
    );
    expect(screen.getByTestId("team-ct")).toHaveTextContent("Синій <b>");
    expect(screen.getByTestId("team-t")).toHaveTextContent("Жовті");
    const ct = within(screen.getByTestId("board-CT"));
    const tSide = within(screen.getByTestId("board-T"));
    expect(ct.getByText("Синій <b>")).toBeInTheDocument();
    const neo = ct.getByRole("link", { name: "Neo" }).closest("tr")!;
    expect([...neo.querySelectorAll("td")].map((c) => c.textContent)).toEqual([
      "Neo",
      "12",
      "7",
      "3",
      "95",
      "2",
    ]);
    expect(ct.getByRole("link", { name: "Neo" })).toHaveAttribute(
      "href",
      "/players/76561198000000001",
    );
    // A bot is listed and labelled, with no career link.
    expect(ct.getByText("Bot Ivan").closest("tr")).toHaveAttribute("data-bot");
    expect(ct.queryByRole("link", { name: "Bot Ivan" })).toBeNull();
    expect(ct.getByText("бот")).toBeInTheDocument();
    expect(tSide.getByRole("link", { name: "Trin" })).toBeInTheDocument();
    expect(tSide.queryByText("Neo")).toBeNull();
    // Steam's avatar where the deployment has one, initials otherwise (and for bots).
    expect(tSide.getByTestId("avatar-image")).toHaveAttribute(
      "src",
      "https://avatars.example/trin.jpg",
    );
    expect(neo.querySelector("[data-initials]")).toHaveAttribute("data-initials", "N");
    expect(
      ct.getByText("Bot Ivan").closest("tr")!.querySelector("[data-initials]"),
    ).toHaveAttribute("data-initials", "BI");
  });

  it("names a workshop map by its Steam Workshop title", () => {
    render(
      <DashboardTab
        serverName="Server #1"
        snapshot={{
          match: makeMatch({ mapName: "workshop/3070549948/aim_map" }),
          summary: undefined,
          board: [],
          updatedAt: now,
        }}
        status={{ online: true, lastSuccessAt: now, livenessAt: now }}
      />,
    );
    expect(screen.getByText("Aim Map Classic")).toBeInTheDocument();
    expect(screen.getByText("workshop/3070549948/aim_map")).toBeInTheDocument();
  });

  it("says so when nobody plays on a side yet", () => {
    render(
      <DashboardTab
        serverName="Server #1"
        snapshot={{ match: makeMatch(), summary: undefined, board: [], updatedAt: now }}
        status={{ online: true, lastSuccessAt: now, livenessAt: now }}
      />,
    );
    expect(screen.getByText("Гравців на сторонах поки немає.")).toBeInTheDocument();
  });

  it("over plain RCON: sides unknown with players online, the score «?» on the board too", () => {
    const match = makeMatch({ playersOnline: 10, scoreCT: 0, scoreT: 0 });
    render(
      <DashboardTab
        serverName="Server #3"
        snapshot={{
          match: { ...match, unknown: ["score", "phase", "totals"] },
          summary: undefined,
          board: [line({ name: "Ola", side: "CT" })],
          updatedAt: now,
        }}
        status={{ online: true, lastSuccessAt: now, livenessAt: now }}
      />,
    );
    const head = screen.getByTestId("board-CT").querySelector("header");
    expect(head).toHaveTextContent(/\?$/);
  });

  it("says the sides are unknown, not that nobody plays, when RCON cannot name them", () => {
    const match = makeMatch({ playersOnline: 10 });
    render(
      <DashboardTab
        serverName="Server #3"
        snapshot={{
          match: { ...match, unknown: ["score", "phase", "totals"] },
          summary: undefined,
          board: [],
          updatedAt: now,
        }}
        status={{ online: true, lastSuccessAt: now, livenessAt: now }}
      />,
    );
    expect(screen.queryByText("Гравців на сторонах поки немає.")).toBeNull();
    expect(screen.getByText(/Сторони гравців невідомі/)).toBeInTheDocument();
  });
});
