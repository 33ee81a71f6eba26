import { render as renderBare, screen, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router-dom";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { makePlayer } from "@/test/fixtures";
import { PlayerModal } from "./player-modal";
import { formatDateTime } from "@/i18n/format";

/** Player names link to career pages: the tables render inside a router. */
const render = (ui: ReactElement) => renderBare(ui, { wrapper: MemoryRouter });

const player = makePlayer({
  steamId: "76561198000000042",
  name: "Зевс",
  team: "Terrorist",
  kills: 18,
  deaths: 9,
  assists: 4,
  headshots: 7,
  chickenKills: 2,
  kdRatio: 2,
  totalDamage: 2140,
  bombPlants: 3,
  bombDefuses: 1,
  grenadeKills: 1,
  grenadeDamageDealt: 186,
  enemiesFlashed: 11,
  mvp: 5,
  playTimeMinutes: 37.6,
  roundsPlayed: 21,
  score: 44,
  firstSeen: "2026-11-22T10:00:00.000Z",
  lastSeen: "2026-11-22T11:30:00.000Z",
  lastWeaponUsed: "ssg08",
});

function statValue(group: HTMLElement, label: string) {
  const term = within(group).getByText(label);
  return term.nextElementSibling?.textContent;
}

describe("PlayerModal", () => {
  it("shows name, team badge, SteamID and the three stat groups", () => {
    render(<PlayerModal player={player} onClose={() => undefined} />);
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByRole("heading", { name: "Зевс" })).toBeInTheDocument();
    expect(within(dialog).getByText("Терористи")).toBeInTheDocument();
    expect(within(dialog).getByText("76561198000000042")).toBeInTheDocument();

    const combat = within(dialog).getByRole("region", { name: "Бій" });
    expect(statValue(combat, "Вбивства")).toBe("18");
    expect(statValue(combat, "Смерті")).toBe("9");
    expect(statValue(combat, "Допомоги")).toBe("4");
    expect(statValue(combat, "Хедшоти")).toBe("7");
    expect(statValue(combat, "Вбиті курки")).toBe("2");
    expect(statValue(combat, "K/D")).toBe("2,00");
    expect(statValue(combat, "Загальна шкода")).toBe(new Intl.NumberFormat("uk-UA").format(2140));

    const objectives = within(dialog).getByRole("region", { name: "Цілі" });
    expect(statValue(objectives, "Закладено бомб")).toBe("3");
    expect(statValue(objectives, "Знешкоджено бомб")).toBe("1");
    expect(statValue(objectives, "Вбивства гранатами")).toBe("1");
    expect(statValue(objectives, "Шкода гранатами")).toBe("186");
    expect(statValue(objectives, "Засліплено ворогів")).toBe("11");
    expect(statValue(objectives, "MVP")).toBe("5");

    const general = within(dialog).getByRole("region", { name: "Загальне" });
    expect(statValue(general, "Час гри")).toBe("38 хв");
    expect(statValue(general, "Зіграно раундів")).toBe("21");
    expect(statValue(general, "Рахунок")).toBe("44");
    // The panel's one date style, on one line (the long style's «р., 22:08» wrapped here).
    expect(statValue(general, "Вперше на сервері")).toMatch(/^22\.11\.2026,\u00a0\d\d:\d\d$/);
    expect(statValue(general, "Вперше на сервері")).toBe(
      formatDateTime("2026-11-22T10:00:00.000Z"),
    );
    expect(statValue(general, "Востаннє на сервері")).toBe(
      formatDateTime("2026-11-22T11:30:00.000Z"),
    );
    expect(statValue(general, "Остання зброя")).toBe("SSG 08");
  });

  it("closes with Escape and renders nothing without a player", async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<PlayerModal player={player} onClose={onClose} />);
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalled();
    rerender(<PlayerModal player={null} onClose={onClose} />);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
