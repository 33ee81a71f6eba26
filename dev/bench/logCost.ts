/**
 * What one server with CS2's log on costs while it plays, with the simulator's log at a real 5v5
 * server's volume (about 220 lines, 30 KB a round): the demo's Server #1 posts its log to
 * `POST /api/log/…` as CS2 does (one POST under way at a time, each carrying every waiting line).
 * Each POST is one HTTP action (billed as a call and by its running time) and one
 * `serverLog:receive` mutation. Real time, no warped clock: the POSTs' pacing is the panel's
 * answer time.
 */
import type { DemoHandle } from "../demo";
import { callsBetween, type CallTally } from "./calls";
import { sleep } from "./util";

export interface LogCost {
  windowMs: number;
  posts: number;
  lines: number;
  rounds: number;
  /** Convex calls per hour of play: each POST's HTTP action plus the functions it ran. */
  logCallsPerServerHour: number;
  /** The HTTP actions' running time per hour of play (seconds; measured send to answer). */
  logActionSecondsPerServerHour: number;
  postsPerMinute: number;
  linesPerPost: number;
  postMs: number;
}

export async function logCost(
  demo: DemoHandle,
  tally: CallTally,
  windowMs: number,
): Promise<LogCost> {
  const server = demo.sim.servers[0]!;
  const listener = () => server.httpLog.state.listeners[0];
  if (!listener()) throw new Error("Server #1 has no HTTP log listener");
  const before = { ...listener()!, calls: tally.snapshot(), rounds: roundsOf(demo) };
  await sleep(windowMs);
  const after = { ...listener()!, calls: tally.snapshot(), rounds: roundsOf(demo) };
  const posts = after.sent - before.sent;
  const lines = after.lines - before.lines;
  const ran = callsBetween(before.calls, after.calls, ["serverLog:receive"]);
  const perHour = (x: number) => (x * 3_600_000) / windowMs;
  const ms = after.postMs - before.postMs;
  return {
    windowMs,
    posts,
    lines,
    rounds: after.rounds - before.rounds,
    logCallsPerServerHour: perHour(posts + ran),
    logActionSecondsPerServerHour: perHour(ms / 1000),
    postsPerMinute: (posts * 60_000) / windowMs,
    linesPerPost: posts > 0 ? lines / posts : 0,
    postMs: posts > 0 ? ms / posts : 0,
  };
}

function roundsOf(demo: DemoHandle): number {
  const m = demo.sim.servers[0]!.world.match;
  return m.scoreCT + m.scoreT;
}
