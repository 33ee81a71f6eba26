import { act, renderHook } from "@testing-library/react";
import type { JSONValue } from "convex/values";
import { describe, expect, it } from "vitest";
import { forgetEarlyDashboard, useEarlyDashboard, watchEarlyDashboard } from "./early-dashboard";

describe("the live view the page fetched", () => {
  it("shows for the same arguments only, until the subscription delivers", async () => {
    const args = { serverKey: "server1", orFirst: true };
    let answer!: (value: JSONValue) => void;
    window.__firstDashboard = {
      args: JSON.stringify(args),
      value: new Promise((resolve) => (answer = resolve)),
    };
    watchEarlyDashboard();
    const same = renderHook(() => useEarlyDashboard({ serverKey: "server1", orFirst: true }));
    const other = renderHook(() => useEarlyDashboard({ serverKey: "server2", orFirst: true }));
    expect(same.result.current).toBeUndefined();
    await act(async () => answer({ serverId: "s1", rounds: [], snapshot: null }));
    expect(same.result.current).toMatchObject({ serverId: "s1" });
    expect(other.result.current).toBeUndefined();
    act(() => forgetEarlyDashboard());
    expect(same.result.current).toBeUndefined();
  });
});
