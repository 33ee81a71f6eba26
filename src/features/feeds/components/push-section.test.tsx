import "@/test/mock-backend-modules";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import toast from "react-hot-toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Id } from "@/lib/backend";
import { mockBackend, TEST_SESSION_ID } from "@/test/mock-convex";
import { PushSection } from "./push-section";
import { formatDateTime } from "@/i18n/format";

const SERVER = "s1" as Id<"servers">;
const NOW = new Date("2026-11-22T18:30:00Z").getTime();

function status(enabled: boolean, lastEventAt: number | null) {
  return {
    enabled,
    lastEventAt,
    lastEvent: lastEventAt ? "round_end" : null,
    eventsCount: 3,
    refusedCount: 0,
    lastRefusedAt: null as number | null,
    lastRefusal: null as string | null,
  };
}

describe("PushSection", () => {
  beforeEach(() => {
    mockBackend.reset();
    vi.useFakeTimers({ now: NOW, toFake: ["Date", "setInterval", "clearInterval"] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  it("off: the switch is off and says so", () => {
    mockBackend.queries["push:status"] = status(false, null);
    render(<PushSection serverId={SERVER} />);
    expect(screen.getByRole("heading", { name: "Події MatchZy" })).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Приймати події MatchZy" })).toHaveAttribute(
      "aria-checked",
      "false",
    );
    expect(screen.getByText("вимкнено")).toBeInTheDocument();
    expect(screen.getByText("Подій ще не було.")).toBeInTheDocument();
  });

  it("on: events flowing, then waiting once the last one is a minute old", () => {
    mockBackend.queries["push:status"] = status(true, NOW - 5_000);
    render(<PushSection serverId={SERVER} />);
    expect(screen.getByRole("switch")).toHaveAttribute("aria-checked", "true");
    expect(screen.getByText("події надходять")).toBeInTheDocument();
    expect(
      // The query reads the page with its no-break spaces collapsed.
      screen.getByText(
        `Остання подія: ${formatDateTime(NOW - 5_000, { seconds: true })}`.replace(/\u00a0/g, " "),
      ),
    ).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(60_000));
    expect(screen.getByText("очікуємо подій")).toBeInTheDocument();
  });

  it("refused events are counted and the last one named", () => {
    mockBackend.queries["push:status"] = {
      ...status(true, NOW - 5_000),
      refusedCount: 2,
      lastRefusedAt: NOW - 1_000,
      lastRefusal: "round_end",
    };
    render(<PushSection serverId={SERVER} />);
    expect(screen.getByText("Відхилено: 2")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Остання відхилена подія: round_end");
  });

  it("the switch runs enable or disable on the selected server", async () => {
    vi.useRealTimers();
    const user = userEvent.setup();
    mockBackend.queries["push:status"] = status(false, null);
    mockBackend.action("push:enable").mockResolvedValue({ action: "pushEnable", output: "" });
    const { rerender } = render(<PushSection serverId={SERVER} />);
    await user.click(screen.getByRole("switch"));
    expect(mockBackend.action("push:enable")).toHaveBeenCalledWith({
      serverId: SERVER,
      sessionId: TEST_SESSION_ID,
    });
    expect(toast.success).toHaveBeenCalledWith('Дія "Увімкнення подій MatchZy" виконана успішно!');
    mockBackend.queries["push:status"] = status(true, null);
    rerender(<PushSection serverId={SERVER} />);
    expect(screen.getByText("очікуємо подій")).toBeInTheDocument();
    await user.click(screen.getByRole("switch"));
    expect(mockBackend.action("push:disable")).toHaveBeenCalledWith({
      serverId: SERVER,
      sessionId: TEST_SESSION_ID,
    });
  });
});
