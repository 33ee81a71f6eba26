import "@/test/mock-backend-modules";
import { render, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { Id } from "@/lib/backend";
import { mockBackend } from "@/test/mock-convex";
import { HealthSection } from "./health-section";

const SERVER = "s1" as Id<"servers">;
const now = Date.now();

describe("HealthSection", () => {
  beforeEach(() => mockBackend.reset());

  it("shows latency, version against Steam, uptime, frame rate, feeds, the chart and the after-update table", () => {
    mockBackend.queries["health:of"] = {
      online: true,
      version: "1.41.7.8/14178",
      build: 14178,
      bootedAt: now - (2 * 60 + 5) * 60_000,
      fps: 126.4,
      frameMs: 0.99,
      rttMs: 42,
      links: [{ name: "<b>Олег</b>", ping: 38, loss: 2 }],
      players: 3,
      sampledAt: now,
      samples: [
        { at: now - 120_000, online: true, rttMs: 40, fps: 127, players: 2 },
        { at: now - 60_000, online: false, players: 0 },
        { at: now, online: true, rttMs: 42, fps: 126.4, players: 3 },
      ],
      latest: { upToDate: false, requiredBuild: 14180, checkedAt: now },
      log: { lastAt: now - 10 * 60_000, silentSince: now - 10 * 60_000 },
      push: null,
      update: {
        at: now - 30_000,
        from: "1.41.7.7/14177",
        to: "1.41.7.8/14178",
        rows: [
          { part: "poll", state: "ok", at: now - 30_000 },
          {
            part: "switches",
            state: "failed",
            detail: "Сервер не відповів на читання перемикачів",
          },
          { part: "log", state: "waiting" },
        ],
      },
    };
    render(<HealthSection serverId={SERVER} />);
    expect(screen.getByText("На зв'язку")).toBeInTheDocument();
    expect(screen.getByText("42 мс")).toBeInTheDocument();
    expect(screen.getByText("1.41.7.8/14178")).toBeInTheDocument();
    expect(screen.getByText("вийшло оновлення (збірка 14180)")).toBeInTheDocument();
    expect(screen.getByText("2 год 5 хв")).toBeInTheDocument();
    expect(screen.getByText("126 FPS / 0.99 мс")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(/Журнал CS2 мовчить \(10 хв тому\)/);
    expect(screen.getAllByRole("img")[0]).toHaveAccessibleName(
      "Відгук за останню годину: від 40 до 42 мс",
    );
    const rows = within(screen.getByText("Що працює після оновлення").closest("section")!)
      .getAllByRole("row")
      .map((r) => r.textContent);
    expect(rows.slice(1)).toEqual([
      expect.stringMatching(/^Опитування: мапа, режим, гравціпрацює, підтверджено о/),
      "Перемикачі (чити, автобаланс, вогонь по своїх, bhop)не підтвердженоСервер не відповів на читання перемикачів",
      "Журнал CS2 надходитьчекає підтвердження",
    ]);
    // A player's name is text, never markup.
    expect(screen.getByText("<b>Олег</b>")).toBeInTheDocument();
  });

  it("shows nothing until the query answers", () => {
    const { container } = render(<HealthSection serverId={SERVER} />);
    expect(container).toBeEmptyDOMElement();
  });
});
