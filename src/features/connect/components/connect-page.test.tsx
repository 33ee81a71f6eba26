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
