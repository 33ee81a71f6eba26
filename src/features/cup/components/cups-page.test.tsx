import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, test } from "vitest";
import "@/test/mock-backend-modules";
import { mockBackend } from "@/test/mock-convex";
import { CupsPage } from "./cups-page";

const SERVERS = [
  { _id: "s1", key: "server1", name: "Server #1", order: 1 },
  { _id: "s2", key: "server2", name: "Server #2", order: 2 },
];

function renderPage() {
  render(
    <MemoryRouter initialEntries={["/cup"]}>
      <Routes>
        <Route path="/cup" element={<CupsPage />} />
        <Route path="/cup/:slug" element={<p>cup page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("cups page", () => {
  beforeEach(() => {
    mockBackend.reset();
    mockBackend.queries["servers:list"] = SERVERS;
    mockBackend.queries["cups:list"] = [
      {
        slug: "abc234",
        name: "Кубок <b>вечора</b>",
        status: "running",
        format: "swiss",
        teamsMax: 16,
        createdAt: Date.UTC(2026, 10, 28, 18),
      },
    ];
  });

  test("a visitor sees the cups with their format and state, and no create form", () => {
    renderPage();
    const link = screen.getByRole("link", { name: "Кубок <b>вечора</b>" });
    expect(link).toHaveAttribute("href", "/cup/abc234");
    expect(screen.getByText(/Швейцарська система · до 16 команд/)).toBeInTheDocument();
    expect(screen.getByText("Триває")).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Новий кубок" })).not.toBeInTheDocument();
  });

  test("an admin creates a Swiss cup: what the form sends, then the new cup's page", async () => {
    mockBackend.auth = { isLoading: false, isAuthenticated: true };
    mockBackend.queries["users:me"] = { isAdmin: true, isModerator: false, username: "admin" };
    const create = mockBackend.action("cupAdmin:create");
    create.mockResolvedValue({ id: "cup2", slug: "new123" });
    const user = userEvent.setup();
    renderPage();
    const form = screen.getByRole("form", { name: "Новий кубок" });
    const f = within(form);
    await user.type(f.getByLabelText("Назва кубка"), "  Весняна швейцарка ");
    await user.selectOptions(f.getByLabelText("Формат"), "swiss");
    await user.selectOptions(f.getByLabelText("Перемог для виходу"), "2");
    await user.selectOptions(f.getByLabelText("Поразок до вибуття"), "2");
    await user.clear(f.getByLabelText("Команд щонайбільше"));
    await user.type(f.getByLabelText("Команд щонайбільше"), "6");
    await user.selectOptions(f.getByLabelText("Розмір команди"), "2");
    await user.selectOptions(f.getByLabelText("Вирішальні матчі"), "1");
    for (const map of ["Ancient", "Anubis", "Inferno"]) {
      await user.click(f.getByRole("checkbox", { name: map }));
    }
    await user.click(f.getByRole("checkbox", { name: "Server #2" }));
    await user.click(f.getByRole("button", { name: "Створити кубок" }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]![0]).toEqual({
      name: "Весняна швейцарка",
      bracket: { format: "swiss", bestOf: 1, finalBestOf: 1, swissWins: 2, swissLosses: 2 },
      seeding: "random",
      veto: {
        preset: "custom",
        teamSize: 2,
        mapPool: ["de_dust2", "de_mirage", "de_nuke"],
        sequence: [
          { team: "teamA", action: "Ban" },
          { team: "teamB", action: "Ban" },
          { team: "teamA", action: "SidePick" },
        ],
        readyCheck: false,
        turnSeconds: 60,
      },
      serverIds: ["s2"],
      teamsMax: 6,
      checkInMinutes: 15,
      startDelayMinutes: 30,
      noShowWalkover: true,
    });
    expect(await screen.findByText("cup page")).toBeInTheDocument();
  }, 60_000);

  test("the captains' window is sent only when both ends are set", async () => {
    mockBackend.auth = { isLoading: false, isAuthenticated: true };
    mockBackend.queries["users:me"] = { isAdmin: true, isModerator: false, username: "admin" };
    const create = mockBackend.action("cupAdmin:create");
    create.mockResolvedValue({ id: "cup2", slug: "new123" });
    const user = userEvent.setup();
    renderPage();
    const f = within(screen.getByRole("form", { name: "Новий кубок" }));
    await user.type(f.getByLabelText("Назва кубка"), "Кубок");
    await user.type(f.getByLabelText("З"), "2026-12-01T18:00");
    await user.type(f.getByLabelText("По"), "2026-12-01T23:00");
    await user.click(f.getByRole("button", { name: "Створити кубок" }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]![0].scheduleWindow).toEqual({
      from: new Date("2026-12-01T18:00").getTime(),
      to: new Date("2026-12-01T23:00").getTime(),
    });
  }, 60_000);
});
