import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeMatch, makeSummary } from "@/test/fixtures";
import { DashboardTab } from "./dashboard-tab";

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
    for (const label of ["Гравців", "Смертей", "Закладено бомб", "Знешкоджено бомб"]) {
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

  it("notes stale data when the server is offline", () => {
    render(
      <DashboardTab
        serverName="Server #1"
        snapshot={{ match: makeMatch(), summary: undefined, updatedAt: now }}
        status={{ online: false, lastSuccessAt: now, livenessAt: now }}
      />,
    );
    expect(screen.getByText(/Сервер зараз офлайн/)).toBeInTheDocument();
  });
});
