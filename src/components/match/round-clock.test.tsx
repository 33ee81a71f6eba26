import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeMatch } from "@/test/fixtures";
import { formatClock } from "./format-clock";
import { RoundClock } from "./round-clock";

describe("RoundClock", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => void vi.useRealTimers());

  it("counts the phase down in the browser from when it runs out", () => {
    render(
      <RoundClock match={makeMatch({ roundPhase: "live", phaseEndsAt: 1_000_000 + 95_000 })} />,
    );
    const clock = screen.getByRole("timer");
    expect(clock).toHaveAccessibleName("Час раунду: 1:35");
    act(() => void vi.advanceTimersByTime(2_000));
    expect(clock).toHaveAccessibleName("Час раунду: 1:33");
    act(() => void vi.advanceTimersByTime(93_000));
    expect(clock).toHaveAccessibleName("Час раунду: 0:00");
  });

  it("hides a phase whose time is up instead of freezing at 0:00 until the next update", () => {
    const { container } = render(
      <RoundClock
        match={makeMatch({ roundPhase: "freezetime", phaseEndsAt: 1_000_000 + 3_000 })}
      />,
    );
    expect(screen.getByRole("timer")).toHaveAccessibleName("Закупівля: 0:03");
    act(() => void vi.advanceTimersByTime(3_000));
    expect(screen.getByRole("timer")).toHaveAccessibleName("Закупівля: 0:00");
    act(() => void vi.advanceTimersByTime(2_000));
    expect(container).toBeEmptyDOMElement();
  });

  it("shows the bomb instead of the round once it is planted", () => {
    render(
      <RoundClock
        match={makeMatch({ roundPhase: "live", phaseEndsAt: 1_050_000, bombEndsAt: 1_040_000 })}
      />,
    );
    expect(screen.getByRole("timer")).toHaveAccessibleName("Бомба закладена, до вибуху 0:40");
    expect(screen.getByTestId("bomb-clock")).toBeInTheDocument();
  });

  it("shows nothing while no clock runs or the source tells none", () => {
    const { container, rerender } = render(
      <RoundClock match={makeMatch({ roundPhase: "live" })} />,
    );
    expect(container).toBeEmptyDOMElement();
    rerender(<RoundClock match={makeMatch({ roundPhase: "paused", phaseEndsAt: 1_050_000 })} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("formats m:ss rounded up", () => {
    expect(formatClock(115_000)).toBe("1:55");
    expect(formatClock(400)).toBe("0:01");
    expect(formatClock(-5)).toBe("0:00");
  });
});
