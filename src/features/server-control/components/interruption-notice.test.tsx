import "@/test/mock-backend-modules";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { ConfirmRequest } from "@/hooks/use-confirmation";
import type { Id } from "@/lib/backend";
import { mockBackend } from "@/test/mock-convex";
import { InterruptionNotice } from "./interruption-notice";

const SERVER = "s1" as Id<"servers">;
const at = Date.UTC(2026, 10, 29, 19, 20, 17);
const open = {
  id: "i1",
  serverId: SERVER,
  state: "open",
  reason: "restart",
  at,
  map: "de_mirage",
  round: 4,
  scoreCT: 2,
  scoreT: 2,
};

describe("InterruptionNotice", () => {
  beforeEach(() => mockBackend.reset());

  it("keeps the recovery's read-back when the poller takes the match back first", async () => {
    mockBackend.queries["recovery:latest"] = open;
    mockBackend.action("backups:list").mockResolvedValue({
      auto: true,
      via: "cs2",
      files: [{ file: "backup_round04.txt", round: 4, scoreCT: 2, scoreT: 2 }],
    });
    let answer: (value: unknown) => void = () => undefined;
    mockBackend
      .action("recovery:recover")
      .mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const asked: ConfirmRequest[] = [];
    const view = () => (
      <InterruptionNotice serverId={SERVER} serverName="Server #1" confirm={(r) => asked.push(r)} />
    );
    const { rerender } = render(view());

    fireEvent.click(screen.getByRole("button", { name: "Відновити матч" }));
    await screen.findByLabelText("Резервна копія");
    fireEvent.click(screen.getByRole("button", { name: "Відновити матч" }));
    expect(asked).toHaveLength(1);
    const running = asked[0]!.run();

    // The poller sees the restored round and closes the notice before the read-back returns.
    mockBackend.queries["recovery:latest"] = {
      ...open,
      state: "recovered",
      resolvedAt: at + 18_000,
    };
    rerender(view());
    expect(screen.getByText(/матч триває як той самий/)).toBeInTheDocument();
    await act(async () => {
      answer({
        steps: ["restoreBackup", "say"],
        expected: { round: 5, scoreCT: 2, scoreT: 2 },
        readBack: { map: "de_mirage", scoreCT: 2, scoreT: 2, phase: "paused" },
        confirmed: true,
      });
      await running;
    });
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent(
        "Сервер показує Mirage, 2:2: раунд 5 на паузі.",
      ),
    );
  });
});
