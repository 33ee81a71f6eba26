import { describe, expect, test } from "vitest";
import type { Id } from "../../_generated/dataModel";
import { createTournament, type TournamentState } from "./state";
import { summaryText } from "./summary";

const T0 = Date.UTC(2026, 10, 28, 9, 0, 0);

function bo3(overrides: Partial<TournamentState> = {}): TournamentState {
  const base = createTournament({ createdBy: "admin", now: T0, slug: "k7m2qp" });
  return {
    ...base,
    status: "finished",
    format: { ...base.format, teamSize: 1 },
    teamA: { name: "Вовки", players: [{ nickname: "Iryna", joinedAt: T0 }] },
    teamB: { name: "Лиси", players: [{ nickname: "Dmytro", joinedAt: T0 }] },
    series: [
      { map: "de_mirage", pickedBy: "teamA", side: "CT", sideBy: "teamB" },
      { map: "de_nuke", pickedBy: "teamB", side: "T", sideBy: "teamA" },
      { map: "de_train", side: "CT", sideBy: "teamA" },
    ],
    ...overrides,
  };
}

const result = (mapIndex: number, winner: "teamA" | "teamB", scoreA: number, scoreB: number) => ({
  mapIndex,
  map: ["de_mirage", "de_nuke", "de_train"][mapIndex]!,
  matchId: `m${mapIndex}` as Id<"matches">,
  winner,
  scoreA,
  scoreB,
});

describe("the summary an admin pastes into Discord", () => {
  test("names the tournament as the admin named it, else by its link", () => {
    expect(summaryText(bo3()).split("\n")[0]).toBe("Турнір k7m2qp (1x1)");
    expect(summaryText(bo3({ name: "Кубок вечора" })).split("\n")[0]).toBe(
      "Турнір «Кубок вечора» (1x1)",
    );
  });

  test("adds each played map's result and, once won, the series winner", () => {
    const playing = summaryText(bo3({ seriesResults: [result(0, "teamA", 13, 9)] }));
    expect(playing).toContain("Мапа 1: de_mirage (вибір Вовки, Лиси за CT) — Вовки 13:9\n");
    expect(playing).toContain("Мапа 2: de_nuke (вибір Лиси, Вовки за T)\n");
    expect(playing).not.toContain("Переможець");

    const won = summaryText(
      bo3({
        seriesResults: [
          result(0, "teamA", 13, 9),
          result(1, "teamB", 11, 13),
          result(2, "teamA", 13, 4),
        ],
        seriesWinner: "teamA",
      }),
    );
    expect(won).toContain("Мапа 3: de_train (вирішальна, Вовки за CT) — Вовки 13:4\n");
    expect(won).toContain("Переможець: Вовки (2 : 1)\n");
  });
});
