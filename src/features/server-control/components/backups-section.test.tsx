import "@/test/mock-backend-modules";
import { render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { ServerActionScope } from "@/hooks/use-server-action";
import { formatTime } from "@/i18n/format";
import type { Id } from "@/lib/backend";
import { mockBackend } from "@/test/mock-convex";
import { BackupsSection } from "./backups-section";

const SERVER = "s1" as Id<"servers">;
const at = Date.UTC(2026, 10, 29, 12, 4, 5);

function renderCard() {
  return render(
    <ServerActionScope.Provider value={SERVER}>
      <BackupsSection confirm={() => {}} serverName="Server #1" />
    </ServerActionScope.Provider>,
  );
}

describe("BackupsSection", () => {
  beforeEach(() => mockBackend.reset());

  it("says when the panel turned backups on as a match went live", () => {
    mockBackend.queries["backups:notice"] = { at, outcome: "on" };
    renderCard();
    expect(screen.getByRole("status")).toHaveTextContent(
      `О ${formatTime(at)} матч почався без резервних копій раундів: панель увімкнула їх (mp_backup_round_auto 1) і перевірила, що копії пишуться.`,
    );
  });

  it("says what the server answered when it would not turn them on", () => {
    const detail = "DISALLOWED WORKSHOP CONVAR: mp_backup_round_auto";
    mockBackend.queries["backups:notice"] = { at, outcome: "failed", detail };
    renderCard();
    expect(
      screen.getByText(
        `О ${formatTime(at)} матч почався без резервних копій раундів, і сервер не ввімкнув їх (${detail}). Без них матч після збою не відновити.`,
      ),
    ).toBeInTheDocument();
  });

  it("says nothing when the panel had nothing to do", () => {
    mockBackend.queries["backups:notice"] = null;
    renderCard();
    expect(screen.queryByText(/матч почався без резервних копій/)).toBeNull();
  });
});
