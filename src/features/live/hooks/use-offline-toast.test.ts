import { renderHook } from "@testing-library/react";
import toast from "react-hot-toast";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useOfflineToast } from "./use-offline-toast";

vi.mock("react-hot-toast", () => ({ default: { error: vi.fn(), success: vi.fn() } }));

type Props = { id: string | undefined; name: string | undefined; online: boolean | undefined };

function setup(initial: Props) {
  return renderHook((p: Props) => useOfflineToast(p.id, p.name, p.online), {
    initialProps: initial,
  });
}

describe("useOfflineToast", () => {
  afterEach(() => vi.clearAllMocks());

  it("toasts once when the shown server goes from online to offline", () => {
    const { rerender } = setup({ id: "s1", name: "Server #1", online: undefined });
    rerender({ id: "s1", name: "Server #1", online: true });
    rerender({ id: "s1", name: "Server #1", online: false });
    rerender({ id: "s1", name: "Server #1", online: false });
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith(
      "Не вдалося оновити дані з API для сервера Server #1.",
      { id: "offline-s1" },
    );
    rerender({ id: "s1", name: "Server #1", online: true });
    rerender({ id: "s1", name: "Server #1", online: false });
    expect(toast.error).toHaveBeenCalledTimes(2);
  });

  it("a server reached over RCON has no API: its toast says RCON", () => {
    const { rerender } = renderHook(
      (p: Props) => useOfflineToast(p.id, p.name, p.online, true, true),
      { initialProps: { id: "s3", name: "Server #3", online: true } as Props },
    );
    rerender({ id: "s3", name: "Server #3", online: false });
    expect(toast.error).toHaveBeenCalledWith(
      "Не вдалося оновити дані сервера Server #3 через RCON.",
      {
        id: "offline-s3",
      },
    );
  });

  it("does not toast for a server that was already offline when shown", () => {
    const { rerender } = setup({ id: "s1", name: "Server #1", online: false });
    rerender({ id: "s1", name: "Server #1", online: false });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("does not toast when switching from an online server to an offline one", () => {
    const { rerender } = setup({ id: "s1", name: "Server #1", online: true });
    rerender({ id: "s2", name: "Server #2", online: undefined });
    rerender({ id: "s2", name: "Server #2", online: false });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("stays silent for visitors and after the admin's own restart", async () => {
    const visitor = renderHook((p: Props) => useOfflineToast(p.id, p.name, p.online, false), {
      initialProps: { id: "s1", name: "Server #1", online: true } as Props,
    });
    visitor.rerender({ id: "s1", name: "Server #1", online: false });
    const { expectDowntime } = await import("@/lib/expected-downtime");
    expectDowntime("Server #2");
    const { rerender } = setup({ id: "s2", name: "Server #2", online: true });
    rerender({ id: "s2", name: "Server #2", online: false });
    expect(toast.error).not.toHaveBeenCalled();
  });
});
