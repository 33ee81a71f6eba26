import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
});

describe("work that waits for the first screen", () => {
  it("runs when the screen shows its data, or after the longest wait, once", async () => {
    vi.useFakeTimers();
    const { afterFirstScreen, markFirstScreenShown, FIRST_SCREEN_MAX_MS } =
      await import("./first-screen");
    const run = vi.fn();
    afterFirstScreen(run);
    vi.advanceTimersByTime(FIRST_SCREEN_MAX_MS - 1);
    expect(run).not.toHaveBeenCalled();
    markFirstScreenShown();
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(FIRST_SCREEN_MAX_MS);
    expect(run).toHaveBeenCalledTimes(1);
    // Shown already: at once.
    const later = vi.fn();
    afterFirstScreen(later);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it("a page that never says so starts it after the longest wait; a cancelled one never", async () => {
    vi.useFakeTimers();
    const { afterFirstScreen, FIRST_SCREEN_MAX_MS } = await import("./first-screen");
    const run = vi.fn();
    const cancelled = vi.fn();
    afterFirstScreen(run);
    afterFirstScreen(cancelled)();
    vi.advanceTimersByTime(FIRST_SCREEN_MAX_MS);
    expect(run).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
