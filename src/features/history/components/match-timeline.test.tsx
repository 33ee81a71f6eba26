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
      "Рахунок по раундах: Counter-Terrorists 1, Terrorists 1 після 3 раундів",
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
});
