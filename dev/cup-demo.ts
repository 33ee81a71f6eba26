/**
 * `npm run demo:cup [-- --json] [-- --speed N] [-- --no-web] [-- --keep]`: the accelerated cup demo (dev/cup-demo/run.ts) on a
 * fresh offline demo: an 8-team single elimination and a 6-team Swiss played through on the
 * simulated servers, from check-in to champion, with no admin action beyond starting them. The
 * whole process runs on a faster clock (dev/bench/clock.ts): start times, check-in, the veto clock,
 * the poller and the simulator all pass N times faster (default 10), so an evening of cups takes
 * minutes. The web app is served too (its address is printed) to watch the brackets move.
 */
// First: the warpable clock must be in place before any module captures the timers.
import { warp } from "./bench/clock";
import { startDemo } from "./demo";
import { runCupDemo } from "./cup-demo/run";

const args = process.argv.slice(2);
const json = args.includes("--json");
const speedAt = args.indexOf("--speed");
const speed = speedAt >= 0 ? Number(args[speedAt + 1]) : 10;
if (!Number.isFinite(speed) || speed < 1 || speed > 100) {
  console.error("npm run demo:cup: --speed must be a number from 1 to 100");
  process.exit(2);
}
const web = !args.includes("--no-web");
// Keeps the demo serving after both champions, to look at the finished cups (Ctrl-C ends it).
const keep = args.includes("--keep");
const log = json ? () => {} : (line: string) => console.log(line);

// An odd round count: CS2 would play overtime on a tie, the simulator has none.
const demo = await startDemo({ ephemeral: true, quiet: true, web, maxRounds: 7 });
let code = 0;
try {
  if (demo.webUrl) log(`Panel: ${demo.webUrl}cup (clock ${speed}× faster)`);
  // Players sign up and link Steam at the real pace; the cups run on the fast clock.
  const result = await runCupDemo(demo, { log, beforeStart: () => warp(speed) });
  if (json) console.log(JSON.stringify(result));
  else {
    for (const cup of result.cups) {
      log(
        `${cup.name}: champion ${cup.champion}; ${cup.matches} matches, ${cup.played} played on the servers, ${cup.walkovers} walkovers`,
      );
    }
    log(`${(result.ms / 1000).toFixed(0)} s on the demo's clock`);
  }
  if (keep && demo.webUrl) {
    warp(1);
    for (const cup of result.cups) log(`${demo.webUrl}cup/${cup.slug}`);
    await new Promise<void>((resolve) => process.once("SIGINT", () => resolve()));
  }
} catch (error) {
  console.error(error);
  code = 1;
} finally {
  warp(1);
  await demo.stop();
}
process.exit(code);
