import { renderHook } from "@testing-library/react";
import toast from "react-hot-toast";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useGuestAdminAnnouncements } from "./use-guest-admin-setting";

vi.mock("convex/react", async () => (await import("@/test/mock-convex")).convexReactMock);
vi.mock(
  "convex-helpers/react/sessions",
  async () => (await import("@/test/mock-convex")).sessionsMock,
);
vi.mock("react-hot-toast", () => ({ default: { error: vi.fn(), success: vi.fn() } }));

describe("useGuestAdminAnnouncements", () => {
  afterEach(() => vi.clearAllMocks());

  it("toasts every visitor when the guest panel opens or closes, not on the first load", () => {
    const { rerender } = renderHook(
      (enabled: boolean | undefined) => useGuestAdminAnnouncements(enabled),
      { initialProps: undefined },
    );
    rerender(false);
    expect(toast.success).not.toHaveBeenCalled();
    rerender(true);
    expect(toast.success).toHaveBeenLastCalledWith("Гостьову адмін-панель увімкнено.", {
      id: "guest-admin",
    });
    rerender(true);
    rerender(false);
    expect(toast.success).toHaveBeenLastCalledWith("Гостьову адмін-панель вимкнено.", {
      id: "guest-admin",
    });
    expect(toast.success).toHaveBeenCalledTimes(2);
  });
});
