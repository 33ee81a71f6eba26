import { describe, expect, it, vi } from "vitest";
import { createPanelLogger, isExpectedFailure } from "./convex-logger";

function target() {
  return { log: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() };
}

describe("the Convex client's logger", () => {
  it.each([
    // In-memory backend: the ConvexError's message is its JSON data.
    '[CONVEX A(serverControl:command)] {"code":"INVALID_INPUT","message":"Команда заборонена."}',
    // Real deployment: request id, "Server Error" and "Uncaught ConvexError: {json}".
    '[CONVEX A(moderation:ban)] [Request ID: 1a2b] Server Error\nUncaught ConvexError: {"code":"FORBIDDEN","message":"Доступ обмежено."}\n    at handler',
    '[CONVEX M(tournament:join)] {"code": "RATE_LIMITED", "message": "Забагато спроб."}',
  ])("keeps an expected failure out of console.error: %s", (line) => {
    const console = target();
    createPanelLogger(console).error(line);
    expect(console.error).not.toHaveBeenCalled();
    expect(console.debug).toHaveBeenCalledWith(line);
  });

  it("still reports a real bug as an error", () => {
    const console = target();
    const line = "[CONVEX A(x:y)] [Request ID: 1] Server Error\nUncaught TypeError: boom";
    createPanelLogger(console).error(line);
    expect(console.error).toHaveBeenCalledWith(line);
    expect(isExpectedFailure([line])).toBe(false);
    expect(isExpectedFailure(['{"code":"SOMETHING_ELSE"}'])).toBe(false);
  });
});
