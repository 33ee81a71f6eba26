import type { FunctionReturnType } from "convex/server";
import { useCallback, useEffect, useRef, useState } from "react";
import { useGatedAction } from "@/hooks/use-gated-action";
import { api, type Id } from "@/lib/backend";
import { buildPickSchedule, realTimers, runSchedule, type Timers } from "../utils/pick-schedule";

export type PickResult = FunctionReturnType<typeof api.moderation.randomPlayers>;
export type PickedPlayer = PickResult["chosen"][number];

export type PickPhase = "idle" | "shuffling" | "revealing" | "done";

export interface PickAnimation {
  phase: PickPhase;
  /** Shuffle tick (drives the cycling names). */
  tick: number;
  /** How many chosen players are revealed. */
  revealed: number;
  result: PickResult | null;
}

const IDLE: PickAnimation = { phase: "idle", tick: 0, revealed: 0, result: null };

/** Runs the pick animation for a result, on injectable timers (tests pass fake ones). */
export function usePickAnimation(timers: Timers = realTimers) {
  const [state, setState] = useState<PickAnimation>(IDLE);
  const cancel = useRef<(() => void) | null>(null);

  const start = useCallback(
    (result: PickResult) => {
      cancel.current?.();
      setState({ phase: "shuffling", tick: 0, revealed: 0, result });
      cancel.current = runSchedule(
        buildPickSchedule(result.chosen.length),
        (step) =>
          setState((s) => {
            if (step.kind === "shuffle") return { ...s, tick: step.tick };
            if (step.kind === "reveal") {
              return { ...s, phase: "revealing", revealed: step.index + 1 };
            }
            return { ...s, phase: "done" };
          }),
        timers,
      );
    },
    [timers],
  );

  const reset = useCallback(() => {
    cancel.current?.();
    cancel.current = null;
    setState(IDLE);
  }, []);

  useEffect(() => () => cancel.current?.(), []);
  return { state, start, reset };
}

/** Asks the backend (admin only, audited) for `count` random T/CT players. */
export function useRandomPlayers(serverId: Id<"servers"> | undefined) {
  return useGatedAction(api.moderation.randomPlayers, { serverId });
}
