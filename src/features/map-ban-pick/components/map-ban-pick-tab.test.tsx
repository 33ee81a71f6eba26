import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import toast from "react-hot-toast";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from "vitest";
import type { Id } from "@/lib/backend";
import type { Seat, Tournament } from "../hooks/use-tournament";
import { afterBans, finished, waiting } from "../test/fixtures";
import { MapBanPickTab } from "./map-ban-pick-tab";

const backend = vi.hoisted(() => {
  const fns = new Map<string, Mock>();
  return {
    results: {} as Record<string, unknown>,
    fns,
    fn(name: string): Mock {
      let f = fns.get(name);
      if (!f) {
        f = vi.fn().mockResolvedValue(null);
        fns.set(name, f);
      }
      return f;
    },
  };
});

vi.mock("convex/react", async () => {
  const { getFunctionName } = await import("convex/server");
  type Ref = Parameters<typeof getFunctionName>[0];
  return {
    useQuery: (ref: Ref, args?: unknown) =>
      args === "skip" ? undefined : backend.results[getFunctionName(ref)],
    useMutation: (ref: Ref) => backend.fn(getFunctionName(ref)),
    useAction: (ref: Ref) => backend.fn(getFunctionName(ref)),
    usePaginatedQuery: (ref: Ref, args?: unknown) => ({
      results: args === "skip" ? [] : (backend.results[getFunctionName(ref)] ?? []),
      status: args === "skip" ? "LoadingFirstPage" : "Exhausted",
      loadMore: vi.fn(),
    }),
  };
});

vi.mock("convex-helpers/react/sessions", async () => {
  const { getFunctionName } = await import("convex/server");
  type Ref = Parameters<typeof getFunctionName>[0];
  return {
    useSessionId: () => ["session-1"],
    useSessionQuery: (ref: Ref, args?: unknown) =>
      args === "skip" ? undefined : backend.results[getFunctionName(ref)],
    useSessionMutation: (ref: Ref) => backend.fn(getFunctionName(ref)),
  };
});

vi.mock("react-hot-toast", () => ({
  default: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }),
}));

const SERVER = "s1" as Id<"servers">;

function serve(tournament: Tournament | null | undefined, seat: Seat | undefined = null) {
  const list = tournament && [
    {
      id: tournament.id,
      slug: tournament.slug,
      preset: tournament.format.preset,
      teamSize: tournament.format.teamSize,
      status: tournament.status,
      players: tournament.teamA.players.length + tournament.teamB.players.length,
      createdAt: tournament.createdAt,
    },
  ];
  backend.results = {
    "tournament:list": tournament === null ? [] : list,
    "tournament:get": tournament,
    "tournament:me": seat,
  };
}

/** `serverId: null` renders without an active server. */
function renderTab({ isAdmin = false, serverId = SERVER as Id<"servers"> | null } = {}) {
  return render(
    <MemoryRouter>
      <MapBanPickTab isAdmin={isAdmin} serverId={serverId ?? undefined} serverName="Server #1" />
    </MemoryRouter>,
  );
}

const banner = () => screen.getByRole("status");
/** Map 1 of a series, won by team A 13:7. */
const result = {
  mapIndex: 0,
  map: "de_mirage",
  matchId: "m1" as Id<"matches">,
  winner: "teamA" as "teamA" | "teamB",
  scoreA: 13,
  scoreB: 7,
};
const banButtons = () => screen.queryAllByRole("button", { name: /^Забанити / });

describe("MapBanPickTab", () => {
  beforeEach(() => backend.fns.clear());
  afterEach(() => vi.clearAllMocks());

  it("shows a skeleton while loading and an empty state without a tournament", () => {
    serve(undefined);
    const { unmount } = renderTab();
    expect(screen.getByText("Завантаження…")).toBeInTheDocument();
    unmount();

    serve(null);
    renderTab();
    expect(screen.getByText("Турнір ще не створено")).toBeInTheDocument();
    expect(screen.getByText(/Адміністратор розпочне новий турнір/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Створити турнір" })).not.toBeInTheDocument();
  });

  it("lets an admin create the first tournament from the empty state", async () => {
    const user = userEvent.setup();
    serve(null);
    renderTab({ isAdmin: true });
    backend.fn("tournamentAdmin:create").mockResolvedValueOnce({ id: "t9", slug: "newone" });
    await user.selectOptions(screen.getByRole("combobox", { name: "Формат" }), "bo3");
    // The preset's own clock (60 s) is offered; the admin may change it.
    expect(screen.getByRole("combobox", { name: "Таймер ходу" })).toHaveValue("60");
    await user.click(screen.getByRole("button", { name: "Створити турнір" }));
    expect(backend.fn("tournamentAdmin:create")).toHaveBeenCalledWith({
      sessionId: "session-1",
      format: expect.objectContaining({ preset: "bo3", teamSize: 5, turnSeconds: 60 }),
    });
    // Joining by nickname unless the admin asks for linked Steam accounts.
    expect(backend.fn("tournamentAdmin:create").mock.lastCall?.[0]).not.toHaveProperty(
      "format.steamRequired",
    );
    expect(toast.success).toHaveBeenCalledWith("Новий турнір створено.");
  });

  it("creates a format that needs a linked Steam account when the admin asks for it", async () => {
    const user = userEvent.setup();
    serve(null);
    renderTab({ isAdmin: true });
    backend.fn("tournamentAdmin:create").mockResolvedValueOnce({ id: "t9", slug: "newone" });
    await user.click(screen.getByRole("switch", { name: "Для участі потрібен прив'язаний Steam" }));
    await user.click(screen.getByRole("button", { name: "Створити турнір" }));
    expect(backend.fn("tournamentAdmin:create")).toHaveBeenCalledWith({
      sessionId: "session-1",
      format: expect.objectContaining({ preset: "default", steamRequired: true }),
    });
  });

  it("sends a custom format, and explains a step it cannot read without sending", async () => {
    const user = userEvent.setup();
    serve(null);
    renderTab({ isAdmin: true });
    await user.selectOptions(screen.getByRole("combobox", { name: "Формат" }), "custom");
    const steps = screen.getByRole("textbox", { name: "Кроки" });
    await user.clear(steps);
    await user.type(steps, "A ban, X ban");
    await user.click(screen.getByRole("button", { name: "Створити турнір" }));
    expect(screen.getByText(/Незрозумілий крок: «X ban»/)).toBeInTheDocument();
    expect(backend.fn("tournamentAdmin:create")).not.toHaveBeenCalled();

    await user.clear(steps);
    await user.type(steps, "A ban, B ban, A ban, B side");
    await user.click(screen.getByRole("checkbox", { name: "Nuke" }));
    await user.click(screen.getByRole("button", { name: "Створити турнір" }));
    expect(backend.fn("tournamentAdmin:create")).toHaveBeenCalledWith({
      sessionId: "session-1",
      format: expect.objectContaining({
        preset: "custom",
        teamSize: 2,
        mapPool: ["de_ancient", "de_dust2", "de_mirage", "de_train", "de_nuke"],
        sequence: [
          { team: "teamA", action: "Ban" },
          { team: "teamB", action: "Ban" },
          { team: "teamA", action: "Ban" },
          { team: "teamB", action: "SidePick" },
        ],
      }),
    });
  });

  it("opens the archive on demand with links to each kept tournament", async () => {
    const user = userEvent.setup();
    serve(null);
    backend.results["tournament:listArchived"] = [
      {
        id: "t0",
        slug: "old123",
        preset: "bo3",
        teamSize: 5,
        status: "finished",
        players: 10,
        createdAt: 1,
      },
    ];
    renderTab();
    await user.click(screen.getByRole("button", { name: "Показати архів" }));
    expect(screen.getByRole("link", { name: "old123" })).toHaveAttribute("href", "/t/old123");
    // The team size with a multiplication sign, never a Latin x.
    expect(screen.getByText(/5×5/)).toBeInTheDocument();
    expect(screen.queryByText(/5x5/)).toBeNull();
  });

  describe("status banner", () => {
    it.each([
      [
        "waiting, not joined",
        waiting(),
        null,
        "Очікуємо команди",
        /Приєднайтеся до команди A або B/,
      ],
      [
        "waiting, joined",
        waiting({ teamA: { name: "Команда A", players: [{ nickname: "Neo", joinedAt: 1 }] } }),
        { team: "teamA", nickname: "Neo", ready: false },
        "Очікуємо команди",
        /почнеться, щойно в обох командах/,
      ],
      [
        "my team bans",
        afterBans(0),
        { team: "teamA", nickname: "Neo", ready: false },
        "Хід: Команда A — бан мапи",
        /Ваш хід: натисніть на мапу/,
      ],
      [
        "the other team bans",
        afterBans(1),
        { team: "teamA", nickname: "Neo", ready: false },
        "Хід: Команда B — бан мапи",
        /Зачекайте: мапу банить Команда B/,
      ],
      ["a spectator", afterBans(2), null, "Хід: Команда A — бан мапи", /Ви спостерігаєте/],
      [
        "side pick",
        afterBans(5),
        { team: "teamB", nickname: "Olena", ready: false },
        "Хід: Команда A — вибір сторони",
        /Мапа — Brewery\. Сторону обирає Команда A/,
      ],
      [
        "finished",
        finished("CT"),
        null,
        "Завершено: мапа Brewery, Команда A грає за CT",
        /Команда B грає за T/,
      ],
      [
        "launched",
        finished("T", { isLaunched: true, launchedMaps: 1, launchedMode: "wingman" }),
        null,
        "Матч запущено: Brewery, режим «Напарники»",
        /Команда A — T, Команда B — CT/,
      ],
      [
        "one map won",
        finished("T", {
          isLaunched: true,
          launchedMaps: 1,
          launchedMode: "wingman",
          seriesResults: [{ ...result, winner: "teamB", scoreA: 9, scoreB: 13 }],
          seriesWinner: "teamB",
        }),
        null,
        "Матч завершено: перемога Команда B",
        "Команда A 9 : 13 Команда B.",
      ],
    ] as const)("%s", (_, tournament, seat, title, detail) => {
      serve(tournament, seat as Seat);
      renderTab();
      expect(within(banner()).getByRole("heading", { name: title })).toBeInTheDocument();
      expect(within(banner()).getByText(detail)).toBeInTheDocument();
    });

    it("names every map of a series after its veto and counts the series, not the pool", () => {
      serve(
        finished("CT", {
          remainingMaps: ["de_train"],
          series: [
            { map: "de_mirage", side: "CT", sideBy: "teamB" },
            { map: "de_nuke", side: "T", sideBy: "teamA" },
            { map: "de_train", side: "CT", sideBy: "teamA" },
          ],
        }),
      );
      renderTab();
      expect(
        screen.getByRole("heading", { name: "Вибір завершено: Mirage → Nuke → Train" }),
      ).toBeInTheDocument();
      expect(
        screen.getByText(
          "Мапа 1 — Mirage: Команда A — T, Команда B — CT. Матч запустить адміністратор.",
        ),
      ).toBeInTheDocument();
      expect(screen.getByText("Обрано: 3 з 6")).toBeInTheDocument();
      expect(screen.queryByText(/У грі/)).not.toBeInTheDocument();
    });

    it("follows a series map by map: the map launched last, then the winner", () => {
      const bo3 = finished("CT", {
        series: [
          { map: "de_mirage", side: "CT", sideBy: "teamB" },
          { map: "de_nuke", side: "T", sideBy: "teamA" },
          { map: "de_train", side: "CT", sideBy: "teamA" },
        ],
        launchedMaps: 2,
        launchedMode: "competitive",
        seriesResults: [result],
      });
      serve(bo3);
      const { unmount } = renderTab();
      const heading = (name: string) => screen.getByRole("heading", { name });
      expect(heading("Мапу 2 з 3 запущено: Nuke, режим «Змагальний»")).toBeInTheDocument();
      expect(screen.getByText("Команда A — T, Команда B — CT.")).toBeInTheDocument();
      unmount();

      serve({
        ...bo3,
        isLaunched: true,
        launchedMaps: 3,
        seriesResults: [
          result,
          { ...result, mapIndex: 1, map: "de_nuke", winner: "teamB" },
          { ...result, mapIndex: 2, map: "de_train" },
        ],
        seriesWinner: "teamA",
      });
      renderTab();
      expect(heading("Серію завершено: перемога Команда A")).toBeInTheDocument();
      expect(screen.getByText("Команда A 2 : 1 Команда B.")).toBeInTheDocument();
    });

    it("says which team and nickname this browser plays as, and counts the steps", () => {
      serve(afterBans(2), { team: "teamA", nickname: "Neo", ready: false });
      renderTab();
      expect(screen.getByText("Ви в команді A як Neo")).toBeInTheDocument();
      expect(screen.getByText("Крок 3 з 6")).toBeInTheDocument();
      const current = screen
        .getByRole("list", { name: "Послідовність кроків" })
        .querySelector('[aria-current="step"]');
      expect(current).toHaveTextContent("Aбан");
    });
  });

  it("names the teams as the admin named them: banner, steps, map badges, coin and history", () => {
    const rename = (t: Tournament): Tournament => ({
      ...t,
      teamA: { ...t.teamA, name: "Вовки" },
      teamB: { ...t.teamB, name: "Соколи" },
    });
    const base = afterBans(1);
    const toss = { at: base.createdAt, team: "teamB" as const, action: "coinToss" as const };
    serve(rename({ ...base, history: [{ ...toss, value: "teamB" }, ...base.history] }), null);
    const { unmount } = renderTab();
    expect(screen.getByRole("heading", { name: "Хід: Соколи — бан мапи" })).toBeVisible();
    expect(screen.getByTestId("map-de_inferno")).toHaveTextContent("Бан: Вовки");
    expect(screen.getByTestId("coin-toss")).toHaveTextContent("Жереб: починає Соколи");
    const history = screen.getByRole("list", { name: "Історія кроків" });
    expect(history).toHaveTextContent("Вовкибан: Inferno");
    expect(history).toHaveTextContent("жереб: починає Соколи");
    expect(history).not.toHaveTextContent("Команда");
    unmount();

    serve(rename(finished("CT")), null);
    renderTab();
    expect(
      within(banner()).getByRole("heading", { name: "Завершено: мапа Brewery, Вовки грає за CT" }),
    ).toBeVisible();
    expect(within(banner()).getByText(/Соколи грає за T/)).toBeVisible();
  });

  describe("map cards", () => {
    it("are buttons only for the team in turn, and ban with the step the player saw", async () => {
      const user = userEvent.setup();
      serve(afterBans(2), { team: "teamA", nickname: "Neo", ready: false });
      renderTab();
      expect(banButtons().map((b) => b.textContent)).toEqual([
        expect.stringContaining("Overpass"),
        expect.stringContaining("Vertigo"),
        expect.stringContaining("Dogtown"),
        expect.stringContaining("Brewery"),
      ]);
      expect(screen.getByTestId("map-de_inferno")).toHaveTextContent("Бан: Команда A");
      expect(screen.getByTestId("map-de_nuke")).toHaveTextContent("Бан: Команда B");
      await user.click(screen.getByRole("button", { name: "Забанити Vertigo" }));
      expect(backend.fn("tournament:ban")).toHaveBeenCalledWith({
        tournamentId: "t1",
        map: "de_vertigo",
        expectedStep: 2,
      });
    });

    it.each([
      ["the other team", afterBans(1), { team: "teamA", nickname: "Neo", ready: false }, false],
      ["a spectator", afterBans(0), null, false],
      ["an admin spectator", afterBans(0), null, true],
      ["the side-pick step", afterBans(5), { team: "teamA", nickname: "Neo", ready: false }, false],
    ] as const)("are not clickable for %s", (_, tournament, seat, isAdmin) => {
      serve(tournament, seat as Seat);
      renderTab({ isAdmin });
      expect(banButtons()).toHaveLength(0);
      expect(screen.getAllByRole("listitem").length).toBeGreaterThan(0);
    });

    it("highlights the decider and reports a refused (stale) click", async () => {
      const user = userEvent.setup();
      serve(afterBans(4), { team: "teamB", nickname: "Olena", ready: false });
      backend.fn("tournament:ban").mockRejectedValueOnce(
        new ConvexError({
          code: "CONFLICT",
          message: "Цей крок уже зроблено. Оновлено стан турніру.",
        }),
      );
      renderTab();
      await user.click(screen.getByRole("button", { name: "Забанити Dogtown" }));
      expect(toast.error).toHaveBeenCalledWith("Цей крок уже зроблено. Оновлено стан турніру.", {
        id: "Цей крок уже зроблено. Оновлено стан турніру.",
      });

      serve(afterBans(5), { team: "teamB", nickname: "Olena", ready: false });
      renderTab();
      expect(screen.getAllByTestId("map-de_brewery").at(-1)).toHaveTextContent("Фінальна мапа");
    });
  });

  describe("teams and joining", () => {
    it("lists both teams' players and marks this browser's seat", () => {
      serve(afterBans(0), { team: "teamB", nickname: "Olena", ready: false });
      renderTab();
      const teamA = screen.getByRole("region", { name: "Команда A" });
      const teamB = screen.getByRole("region", { name: "Команда B" });
      expect(within(teamA).getByText("Neo")).toBeInTheDocument();
      expect(within(teamA).getByText("Taras")).toBeInTheDocument();
      expect(within(teamB).getByText("Olena").closest("li")).toHaveTextContent("Ви");
      expect(screen.queryByRole("button", { name: /Приєднатися/ })).not.toBeInTheDocument();
    });

    it("offers join only to a browser without a seat and only into a team with room", () => {
      serve(
        waiting({
          teamA: {
            name: "Команда A",
            players: [
              { nickname: "Neo", joinedAt: 1 },
              { nickname: "Taras", joinedAt: 2 },
            ],
          },
        }),
      );
      renderTab();
      expect(screen.queryByRole("button", { name: "Приєднатися до команди A" })).toBeNull();
      expect(screen.getByRole("button", { name: "Приєднатися до команди B" })).toBeEnabled();
    });

    it("asks for the nickname in a dialog: focused, limited, blank explained, trimmed", async () => {
      const user = userEvent.setup();
      serve(waiting());
      renderTab();
      await user.click(screen.getByRole("button", { name: "Приєднатися до команди B" }));
      const dialog = screen.getByRole("dialog", { name: "Приєднатися до команди B" });
      const input = within(dialog).getByRole("textbox", { name: "Нікнейм у Steam" });
      expect(input).toHaveFocus();
      expect(input).toHaveAttribute("maxLength", "32");

      // A blank nickname keeps the button enabled and is explained on submit, not sent.
      expect(within(dialog).getByRole("button", { name: "Приєднатися" })).toBeEnabled();
      await user.type(input, "   {Enter}");
      expect(backend.fn("tournament:join")).not.toHaveBeenCalled();
      expect(within(dialog).getByText("Введіть нікнейм Steam.")).toBeInTheDocument();

      await user.type(input, "  Headshot Hero  {Enter}");
      expect(backend.fn("tournament:join")).toHaveBeenCalledWith({
        tournamentId: "t1",
        team: "teamB",
        nickname: "Headshot Hero",
      });
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    });

    it("keeps the dialog open and shows the backend's refusal", async () => {
      const user = userEvent.setup();
      serve(waiting());
      backend.fn("tournament:join").mockRejectedValueOnce(
        new ConvexError({
          code: "CONFLICT",
          message: "Цей нікнейм уже використовується в турнірі.",
        }),
      );
      renderTab();
      await user.click(screen.getByRole("button", { name: "Приєднатися до команди A" }));
      await user.type(screen.getByRole("textbox"), "Neo");
      await user.click(screen.getByRole("button", { name: "Приєднатися" }));
      expect(toast.error).toHaveBeenCalledWith("Цей нікнейм уже використовується в турнірі.", {
        id: "Цей нікнейм уже використовується в турнірі.",
      });
      expect(screen.getByRole("dialog")).toBeInTheDocument();
    });
  });

  describe("side pick", () => {
    it.each([
      ["the team in turn", { team: "teamA", nickname: "Neo", ready: false }, false, true],
      ["an admin", null, true, true],
      ["the other team", { team: "teamB", nickname: "Olena", ready: false }, false, false],
      ["a spectator", null, false, false],
    ] as const)("CT / T buttons for %s: %s", (_, seat, isAdmin, shown) => {
      serve(afterBans(5), seat as Seat);
      renderTab({ isAdmin });
      expect(screen.queryByRole("button", { name: "Обрати сторону CT" }) !== null).toBe(shown);
      expect(screen.queryByRole("button", { name: "Обрати сторону T" }) !== null).toBe(shown);
    });

    it("sends the side with the step it answers", async () => {
      const user = userEvent.setup();
      serve(afterBans(5), { team: "teamA", nickname: "Neo", ready: false });
      renderTab();
      await user.click(screen.getByRole("button", { name: "Обрати сторону T" }));
      expect(backend.fn("tournament:pickSide")).toHaveBeenCalledWith({
        tournamentId: "t1",
        side: "T",
        expectedStep: 5,
      });
    });

    it("an admin without the turn's seat decides for the team through the admin action", async () => {
      const user = userEvent.setup();
      serve(afterBans(5), null);
      renderTab({ isAdmin: true });
      await user.click(screen.getByRole("button", { name: "Обрати сторону CT" }));
      expect(backend.fn("tournamentAdmin:pickSide")).toHaveBeenCalledWith({
        serverId: undefined,
        sessionId: "session-1",
        tournamentId: "t1",
        side: "CT",
        expectedStep: 5,
      });
      expect(backend.fn("tournament:pickSide")).not.toHaveBeenCalled();
    });
  });

  it("lists the history with uk-UA times", () => {
    const tournament = finished("CT");
    serve(tournament);
    renderTab();
    const items = within(screen.getByRole("list", { name: "Історія кроків" })).getAllByRole(
      "listitem",
    );
    expect(items).toHaveLength(10);
    const time = new Intl.DateTimeFormat("uk-UA", {
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    }).format(new Date(tournament.history[4]!.at));
    expect(items[0]).toHaveTextContent("Команда Aновий гравець: Neo");
    expect(items[4]).toHaveTextContent(`${time}Команда Aбан: Inferno`);
    expect(items[9]).toHaveTextContent("Команда Aсторона: CT");
  });

  describe("admin controls", () => {
    it("are shown to admins only", () => {
      serve(afterBans(1));
      const { unmount } = renderTab();
      expect(screen.queryByRole("region", { name: "Керування турніром" })).toBeNull();
      unmount();
      renderTab({ isAdmin: true });
      expect(screen.getByRole("region", { name: "Керування турніром" })).toBeInTheDocument();
    });

    it("pause and archive go to the backend for this tournament", async () => {
      const user = userEvent.setup();
      serve(afterBans(1));
      renderTab({ isAdmin: true });
      await user.click(screen.getByRole("button", { name: "Пауза" }));
      expect(backend.fn("tournamentAdmin:adminOp")).toHaveBeenCalledWith({
        sessionId: "session-1",
        tournamentId: "t1",
        op: "pause",
      });
      // Archiving a running veto is asked first, says what happens, and toasts with a way back.
      await user.click(screen.getByRole("button", { name: "В архів" }));
      const dialog = screen.getByRole("dialog", { name: "Перенести турнір в архів?" });
      expect(dialog).toHaveTextContent(/бан\/пік зупиниться/);
      expect(dialog).toHaveTextContent(/Повернути з архіву/);
      expect(backend.fn("tournamentAdmin:adminOp")).toHaveBeenCalledTimes(1);
      await user.click(within(dialog).getByRole("button", { name: "В архів" }));
      expect(backend.fn("tournamentAdmin:adminOp")).toHaveBeenLastCalledWith(
        expect.objectContaining({ op: "archive" }),
      );
      expect(toast).toHaveBeenCalledWith(expect.any(Function), expect.anything());
    });

    it("an archived tournament says so to everyone; the admin can bring it back", async () => {
      const user = userEvent.setup();
      serve({ ...afterBans(1), archived: true, pausedRemainingMs: 20_000 });
      const { unmount } = renderTab();
      expect(
        within(banner()).getByRole("heading", { name: "Турнір в архіві" }),
      ).toBeInTheDocument();
      expect(banButtons()).toHaveLength(0);
      unmount();
      renderTab({ isAdmin: true });
      await user.click(screen.getByRole("button", { name: "Повернути з архіву" }));
      expect(backend.fn("tournamentAdmin:adminOp")).toHaveBeenLastCalledWith(
        expect.objectContaining({ op: "unarchive" }),
      );
      expect(toast.success).toHaveBeenCalledWith("Турнір повернуто з архіву.");
    });

    it.each([
      ["waiting", waiting(), SERVER],
      ["in progress", afterBans(3), SERVER],
      ["launched", finished("CT", { isLaunched: true, launchedMode: "wingman" }), SERVER],
      ["finished, no server", finished("CT"), null],
    ] as const)("launch is disabled while %s", (_, tournament, serverId) => {
      serve(tournament);
      renderTab({ isAdmin: true, serverId });
      expect(screen.getByRole("button", { name: "Запустити матч" })).toBeDisabled();
    });

    it("launches the finished veto in the chosen mode (wingman by default)", async () => {
      const user = userEvent.setup();
      serve(finished("CT"));
      backend
        .fn("tournamentLaunch:launch")
        .mockResolvedValue({ action: "launchGame", notes: [], backups: "on" });
      renderTab({ isAdmin: true });
      const mode = screen.getByRole("combobox", { name: "Режим гри" });
      expect(mode).toHaveValue("wingman");
      expect(
        within(mode)
          .getAllByRole("option")
          .map((o) => o.textContent),
      ).toEqual(["Змагальний", "Напарники", "Звичайний", "Бій насмерть"]);
      await user.click(screen.getByRole("button", { name: "Запустити матч" }));
      expect(backend.fn("tournamentLaunch:launch")).toHaveBeenCalledWith({
        serverId: SERVER,
        tournamentId: "t1",
        mapIndex: 0,
        mode: "wingman",
        sessionId: "session-1",
      });
      expect(toast.success).toHaveBeenCalledWith('Дія "Запуск матчу" виконана успішно!');
      expect(await screen.findByText(/Резервні копії раундів увімкнено/)).toBeInTheDocument();

      // A server that did not take `mp_backup_round_auto 1`: the match is launched, the admin told.
      const notes = [{ kind: "rconProxy", sides: "CT — «A» (Neo); T — «B» (Trin)" }];
      const note =
        "Через RCON-проксі встановлено лише режим і мапу: по командах гравців розставить лише плагін або MatchZy. Скажіть гравцям обрати команду в меню команд (клавіша M): CT — «A» (Neo); T — «B» (Trin).";
      const refusal = "DISALLOWED WORKSHOP CONVAR: mp_backup_round_auto";
      backend
        .fn("tournamentLaunch:launch")
        .mockResolvedValueOnce({ action: "launchGame", notes, backups: { failed: refusal } });
      await user.selectOptions(mode, "competitive");
      await user.click(screen.getByRole("button", { name: "Запустити матч" }));
      expect(backend.fn("tournamentLaunch:launch")).toHaveBeenLastCalledWith(
        expect.objectContaining({ mode: "competitive" }),
      );
      expect(toast).toHaveBeenCalledWith(note, expect.anything());
      expect(screen.getByText(note)).toBeInTheDocument();
      const failed = `Матч запущено, але сервер не ввімкнув резервні копії раундів (${refusal}). Без них матч після збою не відновити: увімкніть їх у «Керування» → «Резервні копії раундів».`;
      expect(toast.error).toHaveBeenCalledWith(failed, expect.anything());
      expect(screen.getByText(failed)).toBeInTheDocument();
    });

    const steamSeats = (t: Tournament): Partial<Tournament> => ({
      teamA: {
        ...t.teamA,
        players: t.teamA.players.map((p, i) => ({ ...p, steamId: `7656119800000000${i}` })),
      },
      teamB: {
        ...t.teamB,
        players: t.teamB.players.map((p, i) => ({ ...p, steamId: `7656119800000001${i}` })),
      },
    });
    it.each([
      [
        "a plugin server",
        { connectionType: "HTTP", matchzy: false },
        false,
        "Панель не зможе їх розставити: коли вони підключаться, кожен має сам обрати сторону в меню команд (Команда A — CT, Команда B — T).",
      ],
      [
        "a console without MatchZy",
        { connectionType: "RCON", matchzy: false },
        true,
        "Через RCON без MatchZy панель встановить режим, мапу й назви команд: скажіть гравцям самим обрати сторону в меню команд (Команда A — CT, Команда B — T).",
      ],
      [
        "the RCON proxy without MatchZy",
        { connectionType: "RCON_PROXY", matchzy: false },
        false,
        "Через RCON-проксі без MatchZy панель встановить лише режим і мапу: скажіть гравцям самим обрати сторону в меню команд (Команда A — CT, Команда B — T).",
      ],
      [
        "MatchZy holding a Steam roster",
        { connectionType: "RCON", matchzy: true },
        true,
        "MatchZy отримає склад команд за SteamID: коли вони підключаться, кожного буде поставлено у свою команду.",
      ],
    ] as const)(
      "with players missing on %s, warns first: who, what will happen, what to do",
      async (_, connection, steam, what) => {
        const user = userEvent.setup();
        const base = finished("CT");
        serve(steam ? { ...base, ...steamSeats(base) } : base);
        backend.results["servers:list"] = [{ _id: SERVER, ...connection }];
        backend.results["tournamentAdmin:readiness"] = {
          players: [
            { nickname: "Neo", team: "teamA", connected: false },
            { nickname: "Taras", team: "teamA", connected: true },
            { nickname: "Olena", team: "teamB", connected: true },
            { nickname: "Bohdan", team: "teamB", connected: false },
          ],
          connected: 2,
          total: 4,
          updatedAt: 1,
        };
        backend
          .fn("tournamentLaunch:launch")
          .mockResolvedValue({ action: "launchGame", notes: [], backups: "on" });
        renderTab({ isAdmin: true });
        await user.click(screen.getByRole("button", { name: "Запустити матч" }));
        const warning = screen.getByRole("dialog", { name: "Не всі гравці на сервері" });
        expect(warning).toHaveTextContent(
          `Зараз немає на сервері: Neo, Bohdan. ${what} Запустити мапу зараз?`,
        );
        expect(backend.fn("tournamentLaunch:launch")).not.toHaveBeenCalled();
        await user.click(within(warning).getByRole("button", { name: "Запустити" }));
        expect(backend.fn("tournamentLaunch:launch")).toHaveBeenCalledTimes(1);
      },
    );

    it("a series map without a result is offered again, never the next one it would refuse", async () => {
      const user = userEvent.setup();
      // Map 1 launched; its match was voided (or never recorded): no result, map 2 not open yet.
      serve(
        finished("CT", {
          series: [
            { map: "de_mirage", side: "CT", sideBy: "teamB" },
            { map: "de_nuke", side: "T", sideBy: "teamA" },
            { map: "de_train", side: "CT", sideBy: "teamA" },
          ],
          launchedMaps: 1,
          launchedMode: "competitive",
          relaunchMap: 0,
        }),
      );
      backend
        .fn("tournamentLaunch:launch")
        .mockResolvedValue({ action: "launchGame", notes: [], backups: "on" });
      renderTab({ isAdmin: true });
      expect(screen.queryByRole("button", { name: /Запустити мапу 2/ })).toBeNull();
      expect(screen.getByText(/Результату мапи 1 ще немає/)).toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: "Запустити мапу 1 ще раз: Mirage" }));
      const dialog = screen.getByRole("dialog", { name: "Запустити мапу 1 ще раз?" });
      expect(backend.fn("tournamentLaunch:launch")).not.toHaveBeenCalled();
      await user.click(within(dialog).getByRole("button", { name: "Запустити ще раз" }));
      expect(backend.fn("tournamentLaunch:launch")).toHaveBeenCalledWith(
        expect.objectContaining({ mapIndex: 0 }),
      );
    });

    it("shows the backend's refusal of a launch", async () => {
      const user = userEvent.setup();
      serve(finished("CT"));
      backend
        .fn("tournamentLaunch:launch")
        .mockRejectedValueOnce(
          new ConvexError({ code: "CONFLICT", message: "Конфігурація матчу не завершена." }),
        );
      renderTab({ isAdmin: true });
      await user.click(screen.getByRole("button", { name: "Запустити матч" }));
      expect(toast.error).toHaveBeenCalledWith("Конфігурація матчу не завершена.", {
        id: "Конфігурація матчу не завершена.",
      });
    });
  });
});
