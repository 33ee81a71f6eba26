import { act, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ConnectTarget } from "../utils/decide-connect";
import { ConnectPage } from "./connect-page";

let targets: ConnectTarget[] | undefined;
vi.mock("convex/react", () => ({ useQuery: () => targets }));

const one: ConnectTarget = {
  key: "server1",
  name: "Server #1",
  connectAddress: "10.0.0.1:27015",
  online: true,
  known: true,
};
const two: ConnectTarget = {
  key: "server2",
  name: "Server #2",
  connectAddress: "10.0.0.1:27016",
  online: false,
  known: true,
};

function setWidth(width: number) {
  Object.defineProperty(window, "innerWidth", { configurable: true, value: width });
}

describe("ConnectPage", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setWidth(1280);
  });
  afterEach(() => vi.useRealTimers());

  it("launches the game 100 ms after the status is known", () => {
    targets = [two, one];
    const navigate = vi.fn();
    render(
      <MemoryRouter>
        <ConnectPage mode={{ kind: "first-online" }} navigate={navigate} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("status")).toHaveTextContent("Server #1");
    act(() => vi.advanceTimersByTime(99));
    expect(navigate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(navigate).toHaveBeenCalledWith("steam://connect/10.0.0.1:27015");
  });

  it("offers «Дивитися через GOTV» only for a server that broadcasts", () => {
    targets = [{ ...one, gotvAddress: "10.0.0.1:27020" }, two];
    const { unmount } = render(
      <MemoryRouter>
        <ConnectPage mode={{ kind: "server", index: 0 }} navigate={vi.fn()} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: /Дивитися через GOTV/ })).toHaveAttribute(
      "href",
      "steam://connect/10.0.0.1:27020",
    );
    unmount();
    targets = [one, two];
    render(
      <MemoryRouter>
        <ConnectPage mode={{ kind: "server", index: 0 }} navigate={vi.fn()} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole("link", { name: /GOTV/ })).toBeNull();
  });

  it("offers a focused «Підключитися» button once the automatic launch was tried", () => {
    targets = [one, two];
    const navigate = vi.fn();
    render(
      <MemoryRouter>
        <ConnectPage mode={{ kind: "server", index: 0 }} navigate={navigate} />
      </MemoryRouter>,
    );
    // The manual link (spec text) is there from the start; the button only after the attempt.
    expect(screen.getByRole("link", { name: "Підключитися до 10.0.0.1:27015" })).toHaveAttribute(
      "href",
      "steam://connect/10.0.0.1:27015",
    );
    expect(screen.queryByRole("link", { name: "Підключитися" })).not.toBeInTheDocument();
    expect(screen.getByText(/Якщо гра не запустилася автоматично/)).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(100));
    expect(navigate).toHaveBeenCalledTimes(1);
    // Browsers may refuse a launch without a user gesture: a click on this link is one.
    const button = screen.getByRole("link", { name: "Підключитися" });
    expect(button).toHaveAttribute("href", "steam://connect/10.0.0.1:27015");
    expect(button).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent("Запускаємо Counter-Strike 2");
    expect(
      screen.getByRole("link", { name: "Підключитися до 10.0.0.1:27015" }),
    ).toBeInTheDocument();

    // No second automatic attempt, whatever re-renders follow.
    act(() => vi.advanceTimersByTime(5000));
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it("says to try later when both servers are down", () => {
    targets = [{ ...one, online: false }, two];
    const navigate = vi.fn();
    render(
      <MemoryRouter>
        <ConnectPage mode={{ kind: "first-online" }} navigate={navigate} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Обидва сервери зараз недоступні, спробуйте пізніше.",
    );
    act(() => vi.advanceTimersByTime(1000));
    expect(navigate).not.toHaveBeenCalled();
  });

  it("shows the desktop-only notice on a narrow screen and does not redirect", () => {
    setWidth(390);
    targets = [one];
    const navigate = vi.fn();
    render(
      <MemoryRouter>
        <ConnectPage mode={{ kind: "server", index: 0 }} navigate={navigate} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Цю сторінку потрібно відкрити з комп'ютера",
    );
    act(() => vi.advanceTimersByTime(1000));
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.queryByRole("link", { name: "Підключитися" })).not.toBeInTheDocument();
  });

  it("tells that the chosen server is offline", () => {
    targets = [one, two];
    render(
      <MemoryRouter>
        <ConnectPage mode={{ kind: "server", index: 1 }} navigate={vi.fn()} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Сервер «Server #2» зараз офлайн. Спробуйте пізніше.",
    );
  });
});
