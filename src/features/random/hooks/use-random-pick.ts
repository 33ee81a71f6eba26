import type { FunctionReturnType } from "convex/server";
import { useCallback, useEffect, useRef, useState } from "react";
import { useGatedAction } from "@/hooks/use-gated-action";
import { api, type Id } from "@/lib/backend";
import {
  buildPickSchedule,
  PICK_TIMING,
  realTimers,
  runSchedule,
  type Timers,
} from "../utils/pick-schedule";

export type PickResult = FunctionReturnType<typeof api.moderation.randomPlayers>;
export type PickedPlayer = PickResult["chosen"][number];

export type PickPhase = "idle" | "shuffling" | "revealing" | "done";

export interface PickAnimation {
  phase: PickPhase;
  /** Shuffle tick (drives the cycling names). */
  tick: number;
  /** How many chosen players are revealed. */
  revealed: number;
  /** Slots on the stage: the count asked for, then the players chosen. */
  slots: number;
  /** Names the spinning slots cycle through: the live T/CT list, then the server's pool. */
  pool: string[];
  result: PickResult | null;
}

const IDLE: PickAnimation = {
  phase: "idle",
  tick: 0,
  revealed: 0,
  slots: 0,
  pool: [],
  result: null,
};

/**
 * Runs the pick animation on injectable timers (tests pass fake ones). The shuffle starts on the
 * click (`begin`), while the server picks, so the first reveal comes 2000 ms after the click and
 * not 2000 ms after the answer; `settle` schedules the reveals, `reset` drops a refused pick.
 */
export function usePickAnimation(timers: Timers = realTimers) {
  const [state, setState] = useState<PickAnimation>(IDLE);
  const cancel = useRef<(() => void) | null>(null);
  const ticks = useRef(0);

  const begin = useCallback(
    (slots: number, pool: string[]) => {
      cancel.current?.();
      ticks.current = 0;
      setState({ ...IDLE, phase: "shuffling", slots, pool });
      // Ticks until the answer comes, however long the server takes.
      let id: unknown;
      const tick = () => {
        ticks.current += 1;
        setState((s) => ({ ...s, tick: ticks.current }));
        id = timers.setTimeout(tick, PICK_TIMING.tickMs);
      };
      id = timers.setTimeout(tick, PICK_TIMING.tickMs);
      cancel.current = () => timers.clearTimeout(id);
    },
    [timers],
  );

  const settle = useCallback(
    (result: PickResult) => {
      cancel.current?.();
      const elapsed = ticks.current * PICK_TIMING.tickMs;
      setState((s) => ({
        ...s,
        slots: result.chosen.length,
        pool: result.pool.map((p) => p.name),
        result,
      }));
      cancel.current = runSchedule(
        buildPickSchedule(result.chosen.length, PICK_TIMING, elapsed),
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
  return { state, begin, settle, reset };
}

/** Asks the backend (admin only, audited) for `count` random T/CT players. */
export function useRandomPlayers(serverId: Id<"servers"> | undefined) {
  return useGatedAction(api.moderation.randomPlayers, { serverId });
}
