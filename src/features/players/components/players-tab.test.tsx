import { render as renderBare, screen, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router-dom";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { makePlayer } from "@/test/fixtures";
import { PlayersTab } from "./players-tab";

/** Player names link to career pages: the tables render inside a router. */
const render = (ui: ReactElement) => renderBare(ui, { wrapper: MemoryRouter });

const players = [
  makePlayer({
    name: "Борис",
    team: "Terrorist",
    score: 10,
    kills: 12,
    deaths: 4,
    assists: 2,
    kdRatio: 3,
    mvp: 1,
  }),
  makePlayer({
    name: "Андрій",
    team: "Counter-Terrorist",
    score: 30,
    kills: 20,
    deaths: 10,
    kdRatio: 2,
    mvp: 4,
  }),
  makePlayer({ name: "Єва", team: "Spectator", score: 0 }),
];

function rowNames() {
  const rows = screen.getAllByRole("row").slice(1);
  return rows.map((row) => within(row).getAllByRole("cell")[1]!.textContent);
}

describe("PlayersTab", () => {
  it("links a human's name to the career page; bots (SteamID 0) get no link", () => {
    const human = makePlayer({ name: "Олег", steamId: "76561198000000777" });
    const bot = makePlayer({ name: "BOT Ivan", steamId: "0" });
    const botToo = makePlayer({ name: "BOT Petro", steamId: "0" });
    render(<PlayersTab players={[human, bot, botToo]} />);
    expect(screen.getByRole("link", { name: "Олег" }).getAttribute("href")).toBe(
      "/players/76561198000000777",
    );
    expect(screen.queryByRole("link", { name: /BOT/ })).toBeNull();
    expect(rowNames()).toHaveLength(3);
  });

  it("an sv_lan 1 server's humans come without SteamIDs: the tab says so, each opens as itself", async () => {
    const user = userEvent.setup();
    const lan = [
      makePlayer({ name: "Олег", steamId: "", statsUnknown: true }),
      makePlayer({ name: "Марта", steamId: "", statsUnknown: true }),
    ];
    render(<PlayersTab players={lan} />);
    expect(
      screen.getByText(/не повідомляє SteamID гравців \(так буває з sv_lan 1\)/),
    ).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Марта" })).toBeNull();
    await user.click(screen.getByRole("row", { name: /Марта/ }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("heading", { name: "Марта" })).toBeInTheDocument();
    expect(within(dialog).getByText("SteamID невідомий")).toBeInTheDocument();
    expect(within(dialog).queryByText("бот")).toBeNull();
  });

  it("a server that names every SteamID shows no such note", () => {
    render(<PlayersTab players={players} />);
    expect(screen.queryByText(/не повідомляє SteamID/)).toBeNull();
  });

  it("shows the table with the spec's columns, sorted by score descending", () => {
    render(<PlayersTab players={players} />);
    const headers = screen.getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual(["Команда", "Гравець", "Рахунок", "K", "D", "A", "K/D", "MVP"]);
    expect(rowNames()).toEqual(["Андрій", "Борис", "Єва"]);
    const first = screen.getAllByRole("row")[1]!;
    expect(within(first).getByText("CT")).toBeInTheDocument();
    expect(within(first).getByText("2,00")).toBeInTheDocument();
  });

  it("filters by nickname and shows the exact empty message", async () => {
    const user = userEvent.setup();
    render(<PlayersTab players={players} />);
    await user.type(screen.getByLabelText("Пошук за нікнеймом"), "бор");
    expect(rowNames()).toEqual(["Борис"]);
    await user.clear(screen.getByLabelText("Пошук за нікнеймом"));
    await user.type(screen.getByLabelText("Пошук за нікнеймом"), "nobody");
    expect(screen.getByText("Гравці не знайдені за вашим запитом.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("an empty server says so, not 'not found for your query'", () => {
    render(<PlayersTab players={[]} />);
    expect(screen.getByText("Зараз на сервері немає гравців.")).toBeInTheDocument();
    expect(screen.queryByText("Гравці не знайдені за вашим запитом.")).not.toBeInTheDocument();
  });

  it("says the list may be stale while the server is offline", () => {
    render(<PlayersTab players={players} offline />);
    expect(screen.getByText(/Сервер офлайн: це останній отриманий список гравців/)).toBeVisible();
  });

  it("changes the sort field and direction", async () => {
    const user = userEvent.setup();
    render(<PlayersTab players={players} />);
    const select = screen.getByLabelText("Сортувати за");
    const labels = within(select)
      .getAllByRole("option")
      .map((o) => o.textContent);
    expect(labels).toHaveLength(14);
    expect(labels).toContain("Вбивства ножем");
    // Names sort A→Z first (not «За спаданням», Я→А), numbers highest first.
    await user.selectOptions(select, "name");
    expect(rowNames()).toEqual(["Андрій", "Борис", "Єва"]);
    expect(screen.getByRole("button", { name: /За зростанням/ })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /Змінити напрям сортування/ }));
    expect(rowNames()).toEqual(["Єва", "Борис", "Андрій"]);
    await user.selectOptions(select, "team");
    expect(rowNames()).toEqual(["Андрій", "Борис", "Єва"]);
    await user.selectOptions(select, "kills");
    expect(rowNames()).toEqual(["Андрій", "Борис", "Єва"]);
  });

  it("a sort by a number the table does not show adds it as a column", async () => {
    const user = userEvent.setup();
    const damage = players.map((p, i) => ({ ...p, totalDamage: [900, 2400, 0][i]! }));
    render(<PlayersTab players={damage} />);
    expect(screen.queryByRole("columnheader", { name: "Загальна шкода" })).toBeNull();
    await user.selectOptions(screen.getByLabelText("Сортувати за"), "totalDamage");
    expect(screen.getByRole("columnheader", { name: "Загальна шкода" })).toBeInTheDocument();
    expect(rowNames()).toEqual(["Андрій", "Борис", "Єва"]);
    const first = within(screen.getAllByRole("row")[1]!).getAllByRole("cell");
    expect(first.at(-1)).toHaveTextContent(/2\s?400/);
  });

  it("opens the player modal on row click and with the Enter key", async () => {
    const user = userEvent.setup();
    render(<PlayersTab players={players} />);
    await user.click(screen.getByRole("row", { name: "Відкрити статистику гравця Борис" }));
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByRole("heading", { name: "Борис" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Закрити" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    screen.getByRole("row", { name: "Відкрити статистику гравця Андрій" }).focus();
    await user.keyboard("{Enter}");
    expect(
      within(screen.getByRole("dialog")).getByRole("heading", { name: "Андрій" }),
    ).toBeInTheDocument();
  });

  it("renders fixed-height skeletons while loading", () => {
    render(<PlayersTab players={undefined} />);
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Завантаження…");
  });
});
