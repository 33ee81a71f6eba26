import "@/test/mock-backend-modules";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { ConvexError } from "convex/values";
import toast from "react-hot-toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Id } from "@/lib/backend";
import { makePlayer } from "@/test/fixtures";
import { mockBackend } from "@/test/mock-convex";
import { RandomTab } from "./random-tab";

const SERVER = "s1" as Id<"servers">;
const players = [
  makePlayer({ name: "Андрій", team: "Counter-Terrorist" }),
  makePlayer({ name: "Борис", team: "Terrorist" }),
  makePlayer({ name: "Вова", team: "Terrorist" }),
  makePlayer({ name: "Глядач", team: "Spectator" }),
];
const ref = (p: (typeof players)[number]) => ({ steamId: p.steamId, name: p.name, team: p.team });
const pool = players.slice(0, 3).map(ref);

async function submit(count: string) {
  const input = screen.getByLabelText("Кількість гравців");
  fireEvent.change(input, { target: { value: count } });
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Обрати" }));
  });
}

describe("RandomTab", () => {
  beforeEach(() => {
    mockBackend.reset();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  it("shows the empty state when nobody is in T or CT", () => {
    render(<RandomTab serverId={SERVER} players={[players[3]!]} />);
    expect(screen.getByRole("status")).toHaveTextContent("Немає гравців у командах");
    expect(screen.queryByLabelText("Кількість гравців")).not.toBeInTheDocument();
  });

  it("limits the count to the T/CT players and turns a non-numeric count into 1", async () => {
    mockBackend.action("moderation:randomPlayers").mockResolvedValue({ chosen: [pool[0]], pool });
    render(<RandomTab serverId={SERVER} players={players} />);
    const input = screen.getByLabelText("Кількість гравців");
    expect(input).toHaveAttribute("min", "1");
    expect(input).toHaveAttribute("max", "3");
    expect(screen.getByText("Доступно в командах T і CT: 3")).toBeInTheDocument();
    fireEvent.change(input, { target: { value: "" } });
    fireEvent.blur(input);
    expect(input).toHaveValue(1);
    await submit("");
    expect(mockBackend.action("moderation:randomPlayers")).toHaveBeenCalledWith(
      expect.objectContaining({ serverId: SERVER, count: 1 }),
    );
  });

  it("a count below 1 or a fraction is an error in the form, never one silent pick", async () => {
    render(<RandomTab serverId={SERVER} players={players} />);
    for (const bad of ["0", "-1", "1.5"]) {
      await submit(bad);
      expect(screen.getByText("Вкажіть ціле число від 1.")).toBeInTheDocument();
    }
    expect(mockBackend.action("moderation:randomPlayers")).not.toHaveBeenCalled();
  });

  it("shuffles for 2 s, reveals one player every 500 ms, then shows the result 1 s later", async () => {
    const chosen = [pool[1]!, pool[0]!];
    mockBackend.action("moderation:randomPlayers").mockResolvedValue({ chosen, pool });
    render(<RandomTab serverId={SERVER} players={players} />);
    await submit("2");
    expect(screen.getByText("Перемішуємо гравців…")).toBeInTheDocument();
    expect(screen.getAllByTestId("shuffling")).toHaveLength(2);
    expect(screen.getByRole("button", { name: "Обрати" })).toBeDisabled();

    act(() => void vi.advanceTimersByTime(1999));
    expect(screen.queryAllByTestId("picked")).toHaveLength(0);
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getAllByTestId("picked").map((e) => e.textContent)).toEqual(["1БорисT"]);
    act(() => void vi.advanceTimersByTime(500));
    expect(screen.getAllByTestId("picked")).toHaveLength(2);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    // 2000 + 2·500 + 1000 = 4000 ms in all.
    act(() => void vi.advanceTimersByTime(1499));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1));

    const dialog = screen.getByRole("dialog", { name: "Обрані гравці" });
    const items = within(dialog).getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual(["1БорисT", "2АндрійCT"]);
    fireEvent.click(within(dialog).getAllByRole("button", { name: "Закрити" })[0]!);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByText("Гравців обрано!")).toBeInTheDocument();
  });

  it("starts shuffling on the click, so a slow answer does not delay the first reveal", async () => {
    let answer: (value: unknown) => void = () => {};
    mockBackend
      .action("moderation:randomPlayers")
      .mockReturnValue(new Promise((resolve) => (answer = resolve)));
    render(<RandomTab serverId={SERVER} players={players} />);
    await submit("1");
    expect(screen.getAllByTestId("shuffling")).toHaveLength(1);
    await act(async () => void vi.advanceTimersByTime(800));
    await act(async () => answer({ chosen: [pool[2]], pool }));
    act(() => void vi.advanceTimersByTime(1199));
    expect(screen.queryAllByTestId("picked")).toHaveLength(0);
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getAllByTestId("picked").map((e) => e.textContent)).toEqual(["1ВоваT"]);
    act(() => void vi.advanceTimersByTime(1500));
    expect(screen.getByRole("dialog", { name: "Обрані гравці" })).toBeInTheDocument();
  });

  it("shows the backend's 'not enough players' message", async () => {
    const message = "Недостатньо гравців для вибору. Доступно: 3, потрібно: 5";
    mockBackend
      .action("moderation:randomPlayers")
      .mockRejectedValue(new ConvexError({ code: "INVALID_INPUT", message }));
    render(<RandomTab serverId={SERVER} players={players} />);
    await submit("5");
    expect(toast.error).toHaveBeenCalledWith(message, { id: message });
    expect(screen.queryByTestId("shuffling")).not.toBeInTheDocument();
  });
});
