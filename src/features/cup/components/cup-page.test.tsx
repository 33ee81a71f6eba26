import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, test } from "vitest";
import "@/test/mock-backend-modules";
import { mockBackend } from "@/test/mock-convex";
import type { CupView } from "../hooks/use-cup";
import { CupPage } from "./cup-page";

const team = (id: string, name: string, tag: string) => ({
  id,
  name,
  tag,
  captainSteamId: `7656119800000${id.length}`,
  roster: [{ steamId: `7656119800000${id.length}`, name: `${name} капітан` }],
});

/** Four teams: Вовки beat Орли, Лиси beat Ведмеді by walkover, the final is being played. */
const CUP = {
  id: "cup1",
  slug: "abc234",
  name: "Кубок вечора",
  status: "running",
  bracket: { format: "single_elimination", bestOf: 1, finalBestOf: 3 },
  teamSize: 1,
  mapPool: ["de_dust2", "de_mirage", "de_nuke"],
  checkInMinutes: 10,
  teamsMax: 8,
  teams: [
    team("a", "Вовки", "VV"),
    team("bb", "Лиси", "LS"),
    team("ccc", "Ведмеді", "VD"),
    team("dddd", "Орли", "OR"),
  ],
  matches: [
    {
      id: "m1",
      key: "U1-1",
      section: "upper",
      round: 1,
      order: 1,
      bestOf: 1,
      teamA: "a",
      teamB: "dddd",
      state: "done",
      phase: "done",
      checkedIn: [],
      result: { winner: "a", loser: "dddd", winnerMaps: 1, loserMaps: 0 },
    },
    {
      id: "m2",
      key: "U1-2",
      section: "upper",
      round: 1,
      order: 2,
      bestOf: 1,
      teamA: "bb",
      teamB: "ccc",
      state: "done",
      phase: "done",
      checkedIn: [],
      result: { winner: "bb", loser: "ccc", winnerMaps: 0, loserMaps: 0, walkover: true },
    },
    {
      id: "m3",
      key: "F",
      section: "final",
      round: 2,
      order: 1,
      bestOf: 3,
      teamA: "a",
      teamB: "bb",
      state: "ready",
      phase: "live",
      checkedIn: ["a", "bb"],
      live: { a: 1, b: 0 },
      tournamentSlug: "final1",
      serverId: "s1",
    },
  ],
  standings: [],
} as unknown as CupView;

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/cup/:slug" element={<CupPage />} />
        <Route path="/cup/:slug/team/:teamId" element={<CupPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("cup page", () => {
  beforeEach(() => {
    mockBackend.reset();
    mockBackend.queries["cups:bracket"] = CUP;
    mockBackend.queries["servers:list"] = [{ _id: "s1", key: "server1", name: "Server #1" }];
  });

  test("the bracket: rounds as columns, results, the walkover, the final's live maps and its veto link", () => {
    renderAt("/cup/abc234");
    expect(screen.getByRole("heading", { name: "Кубок вечора" })).toBeInTheDocument();
    const final = screen.getByRole("article", { name: "F" });
    expect(final).toHaveTextContent("Вовки1");
    expect(final).toHaveTextContent("Лиси0");
    expect(final).toHaveTextContent("Наживо");
    expect(within(final).getByRole("link", { name: "Вето й матч" })).toHaveAttribute(
      "href",
      "/t/final1",
    );
    // The match's server: its dashboard, beside the ban/pick page.
    expect(within(final).getByRole("link", { name: "Сервер" })).toHaveAttribute(
      "href",
      "/?server=server1",
    );
    // The schedule lists what is still to be decided: the final, in play.
    const schedule = screen.getByRole("listitem", { name: "F" });
    expect(schedule).toHaveTextContent("Вовки — Лиси");
    expect(schedule).toHaveTextContent("Наживо");
    expect(screen.queryByRole("listitem", { name: "U1-1" })).not.toBeInTheDocument();
    expect(screen.getByRole("article", { name: "U1-2" })).toHaveTextContent("Лиситех.");
    expect(screen.getByRole("link", { name: "[OR] Орли" })).toHaveAttribute(
      "href",
      "/cup/abc234/team/dddd",
    );
  });

  test("a team page: roster with the captain, and only that team's matches", () => {
    renderAt("/cup/abc234/team/dddd");
    expect(screen.getByRole("heading", { name: "[OR] Орли" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Орли капітан" })).toHaveAttribute(
      "href",
      `/players/${CUP.teams[3]!.captainSteamId}`,
    );
    expect(screen.getByText("(капітан)", { exact: false })).toBeInTheDocument();
    expect(screen.getAllByRole("article").map((a) => a.getAttribute("aria-label"))).toEqual([
      "U1-1",
    ]);
  });

  test("before the start: no bracket yet, said in words; no schedule", () => {
    mockBackend.queries["cups:bracket"] = { ...CUP, status: "registration", matches: [] };
    renderAt("/cup/abc234");
    expect(
      screen.getByText("Сітка з'явиться, коли адміністратор почне кубок."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Розклад" })).not.toBeInTheDocument();
  });

  test("an admin is told of a stalled match and what to do: walkover, replay, another server", async () => {
    mockBackend.auth = { isLoading: false, isAuthenticated: true };
    mockBackend.queries["users:me"] = { isAdmin: true, isModerator: false, username: "admin" };
    mockBackend.queries["cupAdmin:stalls"] = {
      stalls: [
        { matchId: "m3", key: "F", kind: "serverOffline", at: Date.now() - 1_000 },
        // A team still has minutes to join: not told yet.
        {
          matchId: "m2",
          key: "U1-2",
          kind: "absent",
          at: Date.now() + 120_000,
          missing: ["Лиси"],
        },
      ],
      freeServers: [{ id: "s2", name: "Server #2" }],
    };
    const move = mockBackend.action("cupAdmin:moveServer");
    const change = mockBackend.action("cupAdmin:matchChange");
    const user = userEvent.setup();
    renderAt("/cup/abc234");
    const told = screen.getByRole("region", {
      name: "Матчі, що чекають на рішення адміністратора",
    });
    expect(
      within(told)
        .getAllByRole("article")
        .map((a) => a.getAttribute("aria-label")),
    ).toEqual(["F"]);
    const stall = within(told).getByRole("article", { name: "F" });
    expect(stall).toHaveTextContent("F: Вовки — Лиси");
    expect(stall).toHaveTextContent("Сервер матчу не відповідає понад 2 хв.");
    expect(stall).toHaveTextContent("Перенесіть матч на вільний сервер кубка");
    const moveButton = within(stall).getByRole("button", { name: "Перенести матч" });
    expect(moveButton).toBeDisabled();
    await user.selectOptions(within(stall).getByLabelText("Вільний сервер"), "s2");
    await user.click(moveButton);
    await waitFor(() => expect(move).toHaveBeenCalledWith({ matchId: "m3", toServerId: "s2" }));
    await user.click(within(stall).getByRole("button", { name: "Переграти з початку" }));
    await waitFor(() =>
      expect(change).toHaveBeenCalledWith({ matchId: "m3", change: { kind: "replay" } }),
    );
    await user.click(within(stall).getByRole("button", { name: "Технічна перемога: Лиси" }));
    await waitFor(() =>
      expect(change).toHaveBeenLastCalledWith({
        matchId: "m3",
        change: { kind: "walkover", winner: "bb" },
      }),
    );
  });

  test("an unknown cup says so", () => {
    mockBackend.queries["cups:bracket"] = null;
    renderAt("/cup/nope");
    expect(screen.getByText("Кубок не знайдено.")).toBeInTheDocument();
  });
});
