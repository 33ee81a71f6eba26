import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Id } from "@/lib/backend";
import { finished } from "../test/fixtures";
import { SeriesCard } from "./series-card";

const backend = vi.hoisted(() => ({
  results: {} as Record<string, unknown>,
  asked: [] as unknown[],
}));

vi.mock("convex/react", async () => {
  const { getFunctionName } = await import("convex/server");
  type Ref = Parameters<typeof getFunctionName>[0];
  return {
    useQuery: (ref: Ref, args?: unknown) => {
      if (args === "skip") return undefined;
      backend.asked.push(args);
      return backend.results[getFunctionName(ref)];
    },
  };
});

const SERVER = "s1" as Id<"servers">;
const MATCH = "m1" as Id<"matches">;

function bo3(overrides: Parameters<typeof finished>[1] = {}) {
  return finished("CT", {
    series: [
      { map: "de_mirage", side: "CT", sideBy: "teamA" },
      { map: "de_nuke", side: "T", sideBy: "teamB" },
      { map: "de_brewery", side: "CT", sideBy: "teamA" },
    ],
    ...overrides,
  });
}

function view(t: ReturnType<typeof bo3>) {
  return render(
    <MemoryRouter>
      <SeriesCard tournament={t} />
    </MemoryRouter>,
  );
}

describe("SeriesCard while a map is played", () => {
  beforeEach(() => {
    backend.results = {};
    backend.asked = [];
  });

  it("offers GOTV on the map being played and says its demo comes after it", () => {
    backend.results["live:gotv"] = "203.0.113.5:27020";
    view(
      bo3({
        launchedMaps: 2,
        playingOn: SERVER,
        seriesResults: [
          { mapIndex: 0, map: "de_mirage", matchId: MATCH, scoreA: 13, scoreB: 7, winner: "teamA" },
        ],
      }),
    );
    expect(backend.asked).toContainEqual({ serverId: SERVER });
    const link = screen.getByTestId("gotv-link");
    expect(link.getAttribute("href")).toBe("steam://connect/203.0.113.5:27020");
    expect(link.closest("li")?.textContent).toContain("Мапа 2");
    expect(screen.getByText(/грається зараз/)).toBeTruthy();
    // The played map links its match page (and demo) instead.
    expect(screen.getByRole("link", { name: "Матч і демо" })).toBeTruthy();
    expect(screen.getAllByText("ще не зіграна")).toHaveLength(1);
  });

  it("shows no GOTV link while the server does not broadcast, and asks nothing once no map is played", () => {
    backend.results["live:gotv"] = null;
    const { unmount } = view(bo3({ launchedMaps: 1, playingOn: SERVER }));
    expect(screen.queryByTestId("gotv-link")).toBeNull();
    expect(screen.getByText(/грається зараз/)).toBeTruthy();
    unmount();
    backend.asked = [];
    view(bo3({ launchedMaps: 0, playingOn: null }));
    expect(backend.asked).toEqual([]);
    expect(screen.queryByText(/грається зараз/)).toBeNull();
  });
});
