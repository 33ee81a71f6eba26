import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RoundStrip } from "./round-strip";

describe("RoundStrip", () => {
  it("one mark per round, coloured by winner, with how it ended and the halftime gap", () => {
    render(
      <RoundStrip
        maxRounds={4}
        rounds={[
          { round: 1, winner: "CT", reason: "elimination", scoreCT: 1, scoreT: 0 },
          { round: 2, winner: "T", reason: "bomb", scoreCT: 1, scoreT: 1 },
          { round: 3, winner: "CT", reason: "defused" },
        ]}
      />,
    );
    const marks = within(screen.getByRole("list", { name: "Раунди" })).getAllByRole("listitem");
    expect(marks.map((m) => m.dataset.winner)).toEqual(["CT", "T", "CT"]);
    expect(marks[1]).toHaveAccessibleName("Раунд 2: перемога T, бомба вибухнула (1:1)");
    expect(marks[2]).toHaveAccessibleName("Раунд 3: перемога CT, бомбу знешкоджено");
    expect(marks[1]!.className).toMatch(/halfEnd/);
    expect(screen.getByText(/✹ вибух бомби/)).toBeInTheDocument();
  });

  it("poll-only rounds: winners only, and it says so", () => {
    render(
      <RoundStrip
        maxRounds={24}
        rounds={[
          { round: 1, winner: "T" },
          { round: 2, winner: null },
        ]}
      />,
    );
    expect(screen.getByText(/Лише переможці раундів/)).toBeInTheDocument();
    expect(screen.getByRole("listitem", { name: "Раунд 2: переможець невідомий" })).toBeVisible();
  });

  it("no winner known: several rounds between polls is said only after several", () => {
    const { rerender } = render(
      <RoundStrip maxRounds={24} rounds={[{ round: 1, winner: null }]} />,
    );
    expect(
      screen.getByText("Переможець раунду невідомий: сервер повідомив лише рахунок."),
    ).toBeVisible();
    expect(screen.queryByText(/кілька раундів/)).toBeNull();
    rerender(
      <RoundStrip
        maxRounds={24}
        rounds={[
          { round: 1, winner: null },
          { round: 2, winner: null },
        ]}
      />,
    );
    expect(screen.getByText(/між опитуваннями минуло кілька раундів/)).toBeVisible();
  });

  it("rounds played again after a restored backup are marked and explained", () => {
    render(
      <RoundStrip
        maxRounds={24}
        rounds={[
          { round: 1, winner: "T" },
          { round: 2, winner: "CT", restored: true },
        ]}
      />,
    );
    expect(
      screen.getByRole("listitem", {
        name: "Раунд 2: перемога CT (зіграно знову після відновлення з резервної копії)",
      }),
    ).toBeVisible();
    expect(screen.getByText(/Підкреслені жовтим раунди зіграно знову/)).toBeInTheDocument();
  });

  it("a strip with no known winner says why instead of the legend", () => {
    render(
      <RoundStrip
        maxRounds={24}
        rounds={[
          { round: 1, winner: null },
          { round: 2, winner: null },
        ]}
      />,
    );
    expect(screen.getByText(/Переможці раундів невідомі/)).toBeVisible();
    expect(screen.queryByText(/Лише переможці раундів/)).toBeNull();
  });
});
