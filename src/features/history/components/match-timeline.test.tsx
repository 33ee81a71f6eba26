import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MatchTimeline } from "./match-timeline";

const rounds = (winners: ("CT" | "T" | null)[]) =>
  winners.map((winner, i) => ({ round: i + 1, winner }));

describe("MatchTimeline", () => {
  it("draws no score chart when most rounds' winners are unknown, and says why", () => {
    render(
      <MatchTimeline match={{ timeline: rounds([null, "T", null]), maxRounds: 24, teams: null }} />,
    );
    expect(screen.queryByRole("img")).toBeNull();
    expect(
      screen.getByText(/Графіка немає: сервер не повідомив переможців більшості раундів/),
    ).toBeVisible();
    expect(screen.getByText(/Порожні позначки/)).toBeVisible();
    expect(screen.getAllByRole("listitem")).toHaveLength(3);
  });

  it("draws the known rounds and says the unknown ones are left out", () => {
    render(
      <MatchTimeline match={{ timeline: rounds(["CT", null, "T"]), maxRounds: 24, teams: null }} />,
    );
    expect(screen.getByRole("img")).toHaveAccessibleName(
      "Рахунок по раундах: Спецпризначенці 1, Терористи 1 після 3 раундів",
    );
    expect(screen.getByText(/у графіку не враховано/)).toBeVisible();
    expect(screen.getByText(/Порожні позначки/)).toBeVisible();
  });

  it("a fully known match has neither note", () => {
    render(
      <MatchTimeline match={{ timeline: rounds(["CT", "T", "T"]), maxRounds: 24, teams: null }} />,
    );
    expect(screen.getByRole("img")).toBeVisible();
    expect(screen.queryByText(/не враховано|Порожні позначки|невідомі|Графіка немає/)).toBeNull();
  });

  it("colours the strip by team like the score and chart, across halftime", () => {
    // MR8: the team that ends on CT won rounds 1–3 as T and 5, 6, 8 as CT (6:2).
    const timeline = rounds(["T", "T", "T", "CT", "CT", "CT", "T", "CT"]);
    render(<MatchTimeline match={{ timeline, maxRounds: 8, teams: null }} />);
    const marks = screen.getAllByRole("listitem", { name: /^Раунд/ });
    const byTeam = marks.map((m) => m.className.includes("ct"));
    expect(byTeam).toEqual([true, true, true, false, true, true, false, true]);
    expect(marks[0]).toHaveAccessibleName("Раунд 1: Спецпризначенці (перемога T)");
    expect(screen.getByText(/Колір — команда, що виграла раунд/)).toBeVisible();
  });
});
