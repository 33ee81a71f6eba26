import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import toast from "react-hot-toast";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from "vitest";
import { makeMatch, makePlayer, makeSummary } from "@/test/fixtures";
import { PanelPage } from "./panel-page";

const backend = vi.hoisted(() => ({
  auth: { isLoading: false, isAuthenticated: false },
  results: {} as Record<string, unknown>,
  mutation: null as unknown as Mock,
}));

vi.mock("convex/react", async () => {
  const { getFunctionName } = await import("convex/server");
  const { vi: vitest } = await import("vitest");
  backend.mutation = vitest.fn().mockResolvedValue(null);
  return {
    useQuery: (ref: Parameters<typeof getFunctionName>[0], args?: unknown) =>
      args === "skip" ? undefined : backend.results[getFunctionName(ref)],
    useMutation: () => backend.mutation,
    useAction: () => backend.mutation,
    useConvexAuth: () => backend.auth,
    usePaginatedQuery: () => ({ results: [], status: "LoadingFirstPage", loadMore: vitest.fn() }),
  };
});

vi.mock("convex-helpers/react/sessions", async () => {
  const { getFunctionName } = await import("convex/server");
  return {
    useSessionId: () => ["test-session"],
    useSessionQuery: (ref: Parameters<typeof getFunctionName>[0], args?: unknown) =>
      args === "skip" ? undefined : backend.results[getFunctionName(ref)],
    useSessionMutation: () => backend.mutation,
  };
});

vi.mock("react-hot-toast", () => ({ default: { error: vi.fn(), success: vi.fn() } }));

const SERVERS = [
  {
    _id: "s1",
    key: "server1",
    name: "Server #1",
    connectAddress: "10.0.0.1:27015",
    connectionType: "HTTP",
    order: 1,
  },
  {
    _id: "s2",
    key: "server2",
    name: "Server #2",
    connectAddress: "10.0.0.1:27016",
    connectionType: "RCON_PROXY",
    order: 2,
  },
];

/**
 * Serves the panel's queries. `status`, `match` and `players` are the live data; the panel reads
 * them through one query per screen (`live:dashboard`, `live:playerList`, `live:status`).
 */
function serve(overrides: Record<string, unknown> = {}) {
  const now = Date.now();
  const { status, match, players, ...rest } = {
    status: { online: true, lastSuccessAt: now, livenessAt: now },
    match: {
      match: makeMatch({ mapName: "de_mirage", scoreCT: 9, scoreT: 3 }),
      summary: makeSummary(),
      board: [],
      updatedAt: now,
    },
    players: { players: [makePlayer({ name: "Олег", score: 20 })], updatedAt: now },
    ...overrides,
  };
  backend.results = {
    "servers:list": SERVERS,
    "settings:get": { isGuestAdminEnabled: false },
    ...liveResults(status, match, players),
    ...rest,
  };
}

function liveResults(status: unknown, match: unknown, players: unknown) {
  return {
    "live:status": status,
    "live:dashboard": { status, snapshot: match },
    "live:playerList": { status, players },
  };
}

function signIn(isAdmin: boolean) {
  backend.auth = { isLoading: false, isAuthenticated: true };
  backend.results["users:me"] = {
    username: isAdmin ? "admin" : "visitor",
    isAdmin,
    isStored: true,
  };
}

function renderPanel(url = "/") {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <PanelPage />
    </MemoryRouter>,
  );
}

function tabNames() {
  return screen.getAllByRole("tab").map((tab) => tab.textContent);
}

describe("PanelPage", () => {
  beforeEach(() => {
    localStorage.clear();
    backend.auth = { isLoading: false, isAuthenticated: false };
    serve();
  });
  afterEach(() => vi.clearAllMocks());

  it("anonymous visitor: public tabs, sign-in button, dashboard from live data", () => {
    renderPanel();
    expect(tabNames()).toEqual(["Огляд", "Гравці", "Бан/пік мап", "Вхід"]);
    expect(screen.getByRole("tab", { name: "Огляд" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("button", { name: "Увійти" })).toBeInTheDocument();
    expect(screen.getByText("Mirage")).toBeInTheDocument();
    expect(screen.getByTestId("score-ct")).toHaveTextContent("9");
    expect(screen.getByRole("status", { name: "Стан сервера: Онлайн" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Сервер" })).toHaveValue("s1");
  });

  it("admin: admin, random and audit tabs, name, admin badge and sign-out", () => {
    signIn(true);
    renderPanel();
    expect(tabNames()).toEqual([
      "Огляд",
      "Гравці",
      "Керування",
      "Модерація",
      "Бан/пік мап",
      "Випадкові гравці",
      "Журнал аудиту",
    ]);
    expect(screen.getByText("admin")).toBeInTheDocument();
    expect(screen.getByText("Адмін")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Вийти" })).toBeInTheDocument();
  });

  it("signed-in non-admin: no admin tabs and no badge", () => {
    signIn(false);
    renderPanel("/?tab=audit");
    expect(tabNames()).toEqual(["Огляд", "Гравці", "Бан/пік мап"]);
    expect(screen.queryByText("Адмін")).not.toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Огляд" })).toHaveAttribute("aria-selected", "true");
  });

  it("guest-admin on: the admin tab shows to anonymous visitors", () => {
    serve({ "settings:get": { isGuestAdminEnabled: true } });
    renderPanel("/?tab=admin");
    expect(tabNames()).toEqual(["Огляд", "Гравці", "Керування", "Бан/пік мап", "Вхід"]);
    expect(screen.getByRole("tab", { name: "Керування" })).toHaveAttribute("aria-selected", "true");
  });

  it("no server: asks to go to settings and disables server tabs", () => {
    serve({ "servers:list": [] });
    signIn(true);
    renderPanel();
    expect(
      screen.getByText(
        "Сервер не вибрано. Перейдіть до налаштувань, щоб додати або вибрати сервер.",
      ),
    ).toBeInTheDocument();
    for (const name of ["Огляд", "Гравці", "Керування", "Випадкові гравці"]) {
      expect(screen.getByRole("tab", { name })).toBeDisabled();
    }
    expect(screen.getByRole("tab", { name: "Бан/пік мап" })).toBeEnabled();
    expect(screen.getByRole("tab", { name: "Бан/пік мап" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
  });

  it("the ban/pick tab loads its chunk and lists tournaments (create form for admins)", async () => {
    serve({ "tournament:list": [], "tournament:get": null, "tournament:me": null });
    signIn(true);
    renderPanel("/?tab=map_ban_pick");
    expect(await screen.findByText("Турнір ще не створено")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Створити турнір" })).toBeInTheDocument();
  });

  it("deep link opens the players tab; changing server keeps the tab", async () => {
    const user = userEvent.setup();
    renderPanel("/?tab=players");
    expect(screen.getByRole("tab", { name: "Гравці" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByText("Олег")).toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: "Сервер" }), "s2");
    expect(localStorage.getItem("activeServerId")).toBe("s2");
    expect(screen.getByRole("tab", { name: "Гравці" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("combobox", { name: "Сервер" })).toHaveValue("s2");
  });

  it("a shared link names the server by key, over the remembered one", () => {
    localStorage.setItem("activeServerId", "s1");
    renderPanel("/?tab=players&server=server2");
    expect(screen.getByRole("combobox", { name: "Сервер" })).toHaveValue("s2");
    expect(screen.getByRole("link", { name: "Підключитися" })).toHaveAttribute(
      "href",
      "/connect/server2",
    );
  });

  it("remembers the chosen server across visits", () => {
    localStorage.setItem("activeServerId", "s2");
    renderPanel();
    expect(screen.getByRole("combobox", { name: "Сервер" })).toHaveValue("s2");
  });

  it("toasts staff once when the shown server goes offline, not when it loads offline", () => {
    signIn(true);
    const { rerender } = renderPanel();
    const now = Date.now();
    Object.assign(
      backend.results,
      liveResults(
        { online: false, lastSuccessAt: now - 30_000, livenessAt: now },
        (backend.results["live:dashboard"] as { snapshot: unknown }).snapshot,
        null,
      ),
    );
    rerender(
      <MemoryRouter>
        <PanelPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole("status", { name: "Стан сервера: Офлайн" })).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith(
      "Не вдалося оновити дані з API для сервера Server #1.",
      expect.anything(),
    );
  });

  it("a visitor gets no offline toast: the offline banner says it", () => {
    const { rerender } = renderPanel();
    const now = Date.now();
    Object.assign(
      backend.results,
      liveResults(
        { online: false, lastSuccessAt: now - 30_000, livenessAt: now },
        (backend.results["live:dashboard"] as { snapshot: unknown }).snapshot,
        null,
      ),
    );
    rerender(
      <MemoryRouter>
        <PanelPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole("status", { name: "Стан сервера: Офлайн" })).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("does not toast for a server that is offline from the start", () => {
    serve({ status: { online: false, livenessAt: Date.now() } });
    renderPanel();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("sends a heartbeat for the shown server", () => {
    renderPanel();
    expect(backend.mutation).toHaveBeenCalledWith({
      serverId: "s1",
      viewerId: expect.stringMatching(/^[0-9a-f]{24}$/),
      view: "dashboard",
    });
  });

  it("the ban/pick tab reports the player list as watched for an admin only (launch readiness)", () => {
    renderPanel("/?tab=map_ban_pick");
    expect(backend.mutation).toHaveBeenLastCalledWith(expect.objectContaining({ view: "other" }));
    cleanup();
    signIn(true);
    renderPanel("/?tab=map_ban_pick");
    expect(backend.mutation).toHaveBeenLastCalledWith(expect.objectContaining({ view: "players" }));
  });

  it("the sign-in button opens the sign-in tab (which explains how to enable sign-in when none is configured)", async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(screen.getByRole("button", { name: "Увійти" }));
    expect(screen.getByRole("tab", { name: "Вхід" })).toHaveAttribute("aria-selected", "true");
    const panel = screen.getByRole("tabpanel");
    // The sign-in tab is a chunk of its own: it appears once loaded.
    expect(await within(panel).findByText(/VITE_CLERK_PUBLISHABLE_KEY/)).toBeInTheDocument();
    await user.click(within(panel).getByRole("button", { name: "Продовжити без авторизації" }));
    expect(screen.getByRole("tab", { name: "Огляд" })).toHaveAttribute("aria-selected", "true");
  });
});

describe("PanelPage while loading", () => {
  it("keeps the server tabs usable and shows skeletons, not the no-server message", () => {
    backend.results = {};
    act(() => {
      renderPanel();
    });
    expect(screen.getByRole("tab", { name: "Огляд" })).toBeEnabled();
    expect(screen.getByRole("tab", { name: "Огляд" })).toHaveAttribute("aria-selected", "true");
    expect(screen.queryByText(/Сервер не вибрано/)).not.toBeInTheDocument();
    expect(screen.queryByTestId("score-ct")).not.toBeInTheDocument();
  });
});
