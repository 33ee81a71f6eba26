import { describe, expect, it } from "vitest";
import { overlayOptions } from "./overlay-options";

describe("the overlay's address", () => {
  it("names the server by key and turns on the round strip and the kill feed", () => {
    expect(overlayOptions("/overlay/server1", "?rounds=1&killfeed=1")).toEqual({
      serverKey: "server1",
      showRounds: true,
      showFeed: true,
    });
    expect(overlayOptions("/overlay/server1/", "")).toEqual({
      serverKey: "server1",
      showRounds: false,
      showFeed: false,
    });
  });

  it("names no server for another path or a malformed escape, without throwing", () => {
    expect(overlayOptions("/overlay.html", "").serverKey).toBe("");
    expect(overlayOptions("/overlay/%E0%A4%A", "").serverKey).toBe("%E0%A4%A");
  });
});
