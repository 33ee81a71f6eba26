import { describe, expect, it } from "vitest";
import { setLanguage } from "@/i18n";
import type { Tournament } from "../hooks/use-tournament";
import { finished } from "../test/fixtures";
import { summaryText } from "./summary-text";

const T0 = Date.UTC(2026, 10, 28, 9, 0, 0);

function bo3(overrides: Partial<Tournament> = {}): Tournament {
  return finished("CT", {
    slug: "k7m2qp",
    format: { ...finished("CT").format, teamSize: 1 },
    teamA: { name: "Вовки", players: [{ nickname: "Iryna", joinedAt: T0 }] },
    teamB: { name: "Лиси", players: [{ nickname: "Dmytro", joinedAt: T0 }] },
    series: [
      { map: "de_mirage", pickedBy: "teamA", side: "CT", sideBy: "teamB" },
      { map: "de_nuke", pickedBy: "teamB", side: "T", sideBy: "teamA" },
      { map: "de_train", side: "CT", sideBy: "teamA" },
    ],
    history: [
      { at: T0, team: "teamA", action: "coinToss", value: "teamB" },
      { at: T0 + 1000, team: "teamA", action: "join", value: "Iryna" },
      { at: T0 + 5000, team: "teamB", action: "Ban", value: "de_inferno", auto: true },
    ],
    ...overrides,
  });
}

const result = (mapIndex: number, winner: "teamA" | "teamB", scoreA: number, scoreB: number) => ({
  mapIndex,
  map: ["de_mirage", "de_nuke", "de_train"][mapIndex]!,
  matchId: `m${mapIndex}` as Tournament["seriesResults"][number]["matchId"],
  winner,
  scoreA,
  scoreB,
});

describe("the summary an admin pastes into Discord", () => {
  it("names the tournament as the admin named it, else by its link", () => {
    expect(summaryText(bo3()).split("\n")[0]).toBe("Турнір k7m2qp (1x1)");
    expect(summaryText(bo3({ name: "Кубок вечора" })).split("\n")[0]).toBe(
      "Турнір «Кубок вечора» (1x1)",
    );
  });

  it("adds each played map's result and, once won, the series winner", () => {
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

  it("lists the veto's moves in UTC, the toss by the starting team's name, seats left out", () => {
    const veto = summaryText(bo3()).split("Хід вето:\n")[1];
    expect(veto).toBe(
      "09:00:00 UTC Жереб: починає Лиси\n" +
        "09:00:05 UTC Лиси: бан de_inferno (автоматично: час вийшов)",
    );
  });

  it("is worded in the visitor's language", async () => {
    await setLanguage("en");
    try {
      const text = summaryText(bo3({ seriesResults: [result(0, "teamA", 13, 9)] }));
      expect(text).toContain("Map 1: de_mirage (picked by Вовки, Лиси on CT) — Вовки 13:9\n");
      expect(text).toContain("09:00:00 UTC Coin toss: Лиси starts\n");
    } finally {
      await setLanguage("uk");
    }
  });
});
