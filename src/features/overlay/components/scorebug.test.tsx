import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeMatch } from "@/test/fixtures";
import { Scorebug } from "./scorebug";

describe("Scorebug", () => {
  const rounds = [{ round: 1, winner: "CT" as const, reason: "elimination" as const }];

  it("shows the teams' names and score by side; the round strip only when asked", () => {
    const match = makeMatch({ scoreCT: 7, scoreT: 4, teamCT: "Сині", teamT: "" });
    const { rerender } = render(<Scorebug match={match} rounds={rounds} showRounds={false} />);
    expect(screen.getByTestId("overlay-team-ct")).toHaveTextContent("Сині");
    expect(screen.getByTestId("overlay-team-t")).toHaveTextContent("Терористи");
    expect(screen.getByTestId("overlay-score-ct")).toHaveTextContent("7");
    expect(screen.getByTestId("overlay-score-t")).toHaveTextContent("4");
    // The map by its name, its file name only as the hover title.
    expect(screen.getByTestId("overlay-map")).toHaveTextContent(/^Dust II$/);
    expect(screen.getByTitle("de_dust2")).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Раунди" })).toBeNull();
    rerender(<Scorebug match={match} rounds={rounds} showRounds />);
    expect(screen.getByRole("list", { name: "Раунди" })).toBeInTheDocument();
    // Stream viewers get the marks, not the sentence explaining them.
    expect(screen.queryByText(/знищення|переможці раундів/i)).toBeNull();
  });

  it("shows an unknown score as ? : ?, never 0:0", () => {
    const match = makeMatch({ scoreCT: 0, scoreT: 0, unknown: ["score", "phase"] });
    render(<Scorebug match={match} rounds={[]} showRounds={false} />);
    expect(screen.getByTestId("overlay-score-ct")).toHaveTextContent(/^\?$/);
    expect(screen.getByTestId("overlay-score-t")).toHaveTextContent(/^\?$/);
  });

  it("says when there is no match, and waits while loading", () => {
    const { rerender } = render(<Scorebug match={null} rounds={[]} showRounds={false} />);
    expect(screen.getByText("Немає даних про матч")).toBeInTheDocument();
    rerender(<Scorebug match={undefined} rounds={[]} showRounds={false} />);
    expect(screen.getByTestId("scorebug")).toHaveAttribute("aria-busy", "true");
  });

  it("says when the address names no server, rather than that there is no match", () => {
    render(<Scorebug match={null} noServer rounds={[]} showRounds={false} />);
    expect(screen.getByText(/Такого сервера немає/)).toBeInTheDocument();
    expect(screen.queryByText("Немає даних про матч")).toBeNull();
  });
});
