import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from "vitest";
import type { Id } from "@/lib/backend";
import { HEARTBEAT_INTERVAL_MS, useHeartbeat } from "./use-heartbeat";

const beat = vi.hoisted(() => ({ fn: null as unknown as Mock }));
vi.mock("convex/react", async () => {
  const { vi: vitest } = await import("vitest");
  beat.fn = vitest.fn().mockResolvedValue(null);
  return { useMutation: () => beat.fn };
});

function setVisibility(state: "visible" | "hidden") {
  Object.defineProperty(document, "visibilityState", { configurable: true, value: state });
  act(() => {
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

describe("useHeartbeat", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setVisibility("visible");
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  it("beats at once and every 60 s while visible, stops when hidden", () => {
    const { unmount } = renderHook(() => useHeartbeat("s1" as Id<"servers">));
    expect(beat.fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
    expect(beat.fn).toHaveBeenCalledTimes(2);
    setVisibility("hidden");
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS * 3);
    expect(beat.fn).toHaveBeenCalledTimes(2);
    setVisibility("visible");
    expect(beat.fn).toHaveBeenCalledTimes(3);
    unmount();
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS * 3);
    expect(beat.fn).toHaveBeenCalledTimes(3);
  });

  it("does nothing without a server", () => {
    renderHook(() => useHeartbeat(undefined));
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS * 2);
    expect(beat.fn).not.toHaveBeenCalled();
  });
});
