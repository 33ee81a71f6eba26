/** Helpers for the simulator-backed Convex tests (`*.sim.test.ts`): waiting and stopping loops. */
import type { TestConvex } from "../test.setup";

/** Polls `fn` every 25 ms until it returns something truthy, or fails after `timeoutMs`. */
export async function eventually<T>(
  fn: () => Promise<T | null | undefined | false>,
  timeoutMs = 4000,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() - start > timeoutMs) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Kills every loop: cancels the pending ticks, and waits out the ticks in flight, since each of
 * those would store its result and schedule the next tick.
 */
export async function stopLoops(t: TestConvex, timeoutMs = 10_000): Promise<void> {
  await eventually(
    () =>
      t.run(async (ctx) => {
        let inFlight = 0;
        for (const job of await ctx.db.system.query("_scheduled_functions").collect()) {
          if (job.state.kind === "pending") await ctx.scheduler.cancel(job._id);
          if (job.state.kind === "inProgress") inFlight++;
        }
        return inFlight === 0;
      }),
    timeoutMs,
  );
}
