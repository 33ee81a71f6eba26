/**
 * `npm run bench [-- --quick] [-- --json]`: the figures the live pipeline is judged by, measured on
 * loopback against the simulator and the in-memory backend (the real convex/ functions). In order:
 *   1. idle fleets of 2 and 10 servers (nobody watching, warmup held): calls per hour (idle.ts);
 *   2. live play with 1, 10 and 50 dashboard viewers on server1 (as many of them with the kill
 *      feed open, and as many OBS overlays) and as many players-tab viewers on server2: game-server
 *      requests per minute to server1 (`gameRequestsPerMin`, flat when no viewer adds a request),
 *      calls per viewer-hour of each screen, the kill feed and the overlay (the slope between 1
 *      and 50 viewers; the avatars' subscription and the heartbeats' rate-limiter calls included:
 *      Convex bills a component's function runs like the app's), heartbeats per viewer-hour
 *      (live.ts); then 1 and 50 again with MatchZy push on;
 *   3. delay from a change on the game server to a subscribed dashboard, polled (and pushed, once
 *      the push endpoint exists) (latency.ts);
 *   4. ban → peer delay with 200 observers on one tournament page (tournament.ts);
 *   5. direct RCON (Server #3): Node actions per watched hour, poll duration, admin actions (rcon.ts);
 *   6. CS2's log on Server #1 at a real server's volume: calls and HTTP-action seconds per hour of
 *      play, and how CS2 paces its POSTs (logCost.ts);
 *   7. a 16-team cup on 4 servers at competitive timing, four matches in play: calls per
 *      viewer-hour of its public bracket page and what woke it (bracket.ts, on a demo of its own).
 * `--json` ends the output with one line holding every figure as JSON. `--quick` (or
 * BENCH_QUICK=1) shortens every window: about 10 minutes instead of 20. BENCH_VERBOSE=1 shows the
 * demo's logs.
 */
// First: the warpable clock must be in place before any module captures the timers.
import { realPerformanceNow, warp } from "./clock";
import os from "node:os";
import { api } from "../../convex/_generated/api";
import { startDemo } from "../demo";
import { CallTally } from "./calls";
import { holdWarmup, idleFleet, keepDemoServers, resumePlay, type IdleResult } from "./idle";
import { pollLatency, pushLatency, withPushOn, type Latency } from "./latency";
import { liveAudiences, type AudienceResult } from "./live";
import { logCost } from "./logCost";
import { directRconCost, directServer, type RconCost } from "./rcon";
import { banToPeerLatency, describeBanLatency } from "./tournament";
import { bracketCost } from "./bracket";
import { client, COMPETITIVE_TIMING, round } from "./util";

const args = new Set(process.argv.slice(2));
const quick = args.has("--quick") || process.env.BENCH_QUICK === "1";
const json = args.has("--json");

/** Live-play windows in virtual (warped) time, each holding at least two CS2 rounds (about 2 min
 * each at competitive settings); the per-viewer figures are the slope from 1 to 50 viewers. */
const settings = quick
  ? {
      liveWindowMs: { 1: 240_000, 10: 240_000, 50: 600_000 } as Record<number, number>,
      idleWindowMs: 6_000,
      sweeps: 3,
      latencySamples: 5,
      bans: 20,
      rconWindowMs: 60_000,
      rconActions: 6,
      logWindowMs: 90_000,
      bracketWindowMs: 1_800_000,
    }
  : {
      liveWindowMs: { 1: 600_000, 10: 600_000, 50: 1_800_000 } as Record<number, number>,
      idleWindowMs: 20_000,
      sweeps: 5,
      latencySamples: 16,
      bans: 50,
      rconWindowMs: 180_000,
      rconActions: 12,
      logWindowMs: 300_000,
      bracketWindowMs: 3_600_000,
    };
const OBSERVERS = 200;
/** Viewers of the cup's bracket page in section 7, and how much faster its clock runs (slower than
 * live play's: 40 clients, four servers and a cup in one process must keep up with it). */
const BRACKET_VIEWERS = 10;
const BRACKET_WARP = 6;
const AUDIENCES = [1, 10, 50];
/** How much faster the clock runs during live play (clock.ts). */
const LIVE_WARP = 8;

const fmt = (x: number, digits = 0) =>
  x.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");

function describeIdle(r: IdleResult) {
  const perSweep = r.sweeps.map((s) => s.calls);
  const counted = r.sweeps.map((s) => s.counted);
  const polled = r.sweeps.map((s) => `${s.polled}/${s.started}`);
  return [
    `${r.servers} servers: ${fmt(r.perHour, 1)} calls/hour` +
      ` = ${fmt(perSweep.reduce((a, b) => a + b, 0) / perSweep.length, 1)} calls per sweep` +
      ` × ${fmt(r.sweepsPerHour, 2)} sweeps/hour + ${r.otherCalls} other calls in ${r.windowMs / 1000} s` +
      (r.otherCalls > 0 ? ` (${r.otherFunctions})` : ""),
    `   calls per sweep [${perSweep.join(", ")}] (counts() + scheduled runs saw [${counted.join(", ")}]:` +
      ` an action's nested runQuery/runMutation are invisible to it); polled/loops started` +
      ` [${polled.join(", ")}]${r.cronSweeps ? `; the cron swept ${r.cronSweeps}× in the window` : ""}`,
  ];
}

function describeAudience(r: AudienceResult) {
  const per = (x: number) => fmt(x / r.viewers);
  return [
    `${String(r.viewers).padStart(2)} + ${String(r.viewers).padStart(2)} viewers:` +
      ` server1 ${fmt(r.gameRequestsPerMin, 1)} game requests/min (${r.ticks} ticks in ${fmt(r.ms / 1000, 1)} s);` +
      ` all calls ${fmt(r.allCallsPerHour)}/h (counts() + scheduled runs: ${fmt(r.billedCallsPerHour)}/h),` +
      ` of which server1's poller ${fmt(r.pollerCallsPerHour)}/h;` +
      ` conflict retries ${fmt(r.conflictRetriesPerHour, 1)}/h; ${fmt(r.roundsPerHour, 1)} rounds/h;` +
      ` reconnections' reruns left out ${fmt(r.reconnectRunsPerHour)}/h`,
    `        per dashboard viewer ${per(r.dashboard.queries)} live.dashboard runs + ${per(r.dashboard.avatars)} steamData.profiles runs` +
      ` + ${per(r.dashboard.heartbeats)} heartbeats + ${per(r.dashboard.components)} component calls /h;` +
      ` per players-tab viewer ${per(r.players.queries)} live.playerList runs + ${per(r.players.heartbeats)} heartbeats` +
      ` + ${per(r.players.components)} component calls /h; per overlay ${per(r.overlay.queries)} live.dashboard runs` +
      ` + ${per(r.overlay.heartbeats)} heartbeats + ${per(r.overlay.components)} component calls /h`,
  ];
}

/** (calls at 50 − calls at 1) / 49: what one more viewer adds, per hour. */
function slope(results: AudienceResult[], of: (r: AudienceResult) => number) {
  const first = results[0]!;
  const last = results.at(-1)!;
  return (of(last) - of(first)) / (last.viewers - first.viewers);
}

function describeRcon(r: RconCost) {
  return [
    `watched ${fmt(r.windowMs / 1000)} s: ${fmt(r.actionsPerHour)} Node actions/hour;` +
      ` ${r.polls} polls, each ${fmt(r.pollMs.p50)} ms median, ${fmt(r.pollMs.p95)} ms p95` +
      " (one connection: auth, status_json, 4 cvars; the tick's store mutation included)",
    `admin action (map change, chat): ${fmt(r.adminAction.calls, 1)} Convex calls, of which` +
      ` ${fmt(r.adminAction.nodeActions, 1)} Node action; ${fmt(r.adminAction.ms.p50)} ms median,` +
      ` ${fmt(r.adminAction.ms.p95)} ms p95 until the admin has the answer`,
  ];
}

function latencyLine(l: Latency | null) {
  if (!l) return "not measured";
  const s = (x: number) => `${(x / 1000).toFixed(2)} s`;
  return `median ${s(l.p50)}, p95 ${s(l.p95)}, max ${s(l.max)} over ${l.samples} changes`;
}

async function main() {
  const started = realPerformanceNow();
  const elapsed = () => `${((realPerformanceNow() - started) / 1000).toFixed(0)} s`;
  console.log(
    `cs2-panel bench (${quick ? "quick" : "full"}), ${os.cpus().length} cores, load average ${load()}`,
  );
  const tally = await CallTally.install();
  const demo = await startDemo({
    ephemeral: true,
    web: false,
    quiet: process.env.BENCH_VERBOSE !== "1",
  });
  tally.countSharedHits(demo.backend);
  try {
    const probe = client(demo.backend.url);
    const [server1, server2] = await probe.query(api.servers.list, {});
    await probe.close();
    if (!server1 || !server2) throw new Error("expected the demo's servers");
    // Sections 1–4 measure the plugin and proxy servers alone; section 5 brings it back.
    await directServer(demo, false);

    console.log("1. Idle fleet (nobody watching, warmup held): Convex calls per hour");
    holdWarmup(demo);
    const idle: Record<string, IdleResult> = {};
    for (const size of [2, 10]) {
      idle[size] = await idleFleet(demo, tally, size, {
        windowMs: settings.idleWindowMs,
        sweeps: settings.sweeps,
      });
      for (const line of describeIdle(idle[size])) console.log(`   ${line}`);
    }
    await keepDemoServers(demo);
    resumePlay(demo);
    console.log(`   (${elapsed()})`);

    console.log(
      `2. Live play at CS2's competitive round timing (${COMPETITIVE_TIMING.join(", ")}), clock ${LIVE_WARP}× faster:` +
        " N dashboard viewers on server1 + N players-tab viewers on server2 (windows of whole poller ticks, virtual time)",
    );
    for (const s of demo.sim.servers) for (const line of COMPETITIVE_TIMING) s.console.exec(line);
    warp(LIVE_WARP);
    const audiences = await liveAudiences(
      demo,
      tally,
      { dashboard: server1._id, players: server2._id, dashboardKey: server1.key },
      AUDIENCES,
      (size) => settings.liveWindowMs[size] ?? 60_000,
      (r) => describeAudience(r).forEach((line) => console.log(`   ${line}`)),
    ).finally(() => warp(1));
    const dashboardCost = (r: AudienceResult) =>
      r.dashboard.queries + r.dashboard.avatars + r.dashboard.heartbeats + r.dashboard.components;
    const dashboardSlope = slope(audiences, dashboardCost);
    const avatarsSlope = slope(audiences, (r) => r.dashboard.avatars);
    const componentSlope = slope(audiences, (r) => r.dashboard.components);
    const playersSlope = slope(
      audiences,
      (r) => r.players.queries + r.players.heartbeats + r.players.components,
    );
    const killFeedSlope = slope(audiences, (r) => r.killFeed.queries);
    const overlaySlope = slope(
      audiences,
      (r) => r.overlay.queries + r.overlay.heartbeats + r.overlay.components,
    );
    const last = audiences.at(-1)!;
    const presence = last.dashboard.heartbeats / last.viewers;
    const perRound = (x: number) => x / (last.roundsPerHour || Infinity);
    console.log(
      `   one more viewer adds: dashboard ${fmt(dashboardSlope)} calls/h (avatars ${fmt(avatarsSlope, 1)},` +
        ` component calls ${fmt(componentSlope, 1)}), players tab ${fmt(playersSlope)} calls/h,` +
        ` an opened kill feed ${fmt(killFeedSlope)} calls/h, an overlay ${fmt(overlaySlope)} calls/h` +
        ` (with ?killfeed=1 ${fmt(overlaySlope + killFeedSlope)}); heartbeats ${fmt(presence, 1)} per viewer-hour`,
    );
    console.log(
      `   per round (${fmt(last.roundsPerHour, 1)} rounds/h in the 50-viewer window): dashboard` +
        ` ${fmt(perRound(dashboardSlope), 1)} calls, players tab ${fmt(perRound(playersSlope), 1)} calls per viewer`,
    );
    console.log(
      `   cross-check, every call in server1's windows per added viewer pair: tally ${fmt(slope(audiences, (r) => r.allCallsPerHour))}/h,` +
        ` counts() + scheduled runs ${fmt(slope(audiences, (r) => r.billedCallsPerHour))}/h` +
        ` (dashboard + players + kill feed + overlay = ${fmt(dashboardSlope + playersSlope + killFeedSlope + overlaySlope)}/h)`,
    );
    console.log(`   (${elapsed()})`);

    console.log("2b. The same with MatchZy push on for server1 (1 and 50 viewers)");
    // Push is switched on and off at real time: at 8× the game server's 4 s answer limit is half a
    // real second, which a loaded machine missed (the run then stopped on a refused push:enable).
    const pushed = await withPushOn(demo, server1._id, () => {
      warp(LIVE_WARP);
      return liveAudiences(
        demo,
        tally,
        { dashboard: server1._id, players: server2._id, dashboardKey: server1.key },
        [1, 50],
        (size) => settings.liveWindowMs[size] ?? 60_000,
        (r) => describeAudience(r).forEach((line) => console.log(`   ${line}`)),
      ).finally(() => warp(1));
    });
    const pushedSlope = slope(pushed, dashboardCost);
    console.log(
      `   one more viewer adds with push on: dashboard ${fmt(pushedSlope)} calls/h,` +
        ` an opened kill feed ${fmt(slope(pushed, (r) => r.killFeed.queries))} calls/h`,
    );
    console.log(`   (${elapsed()})`);

    console.log(
      "2c. Admins on server1's server-control tab (health panel, interruption notice, switches and" +
        " their read-back once a minute): 1, 10 and 50 tabs, nobody else watching",
    );
    warp(LIVE_WARP);
    const admins = await liveAudiences(
      demo,
      tally,
      { dashboard: server1._id, players: server2._id, dashboardKey: server1.key },
      AUDIENCES,
      (size) => settings.liveWindowMs[size] ?? 60_000,
      (r) =>
        console.log(
          `   ${String(r.viewers).padStart(2)} tabs: server1 ${fmt(r.gameRequestsPerMin, 1)} game requests/min` +
            ` (${r.ticks} ticks in ${fmt(r.ms / 1000, 1)} s); ${fmt(r.adminTab.calls / r.viewers)} calls per tab-hour`,
        ),
      ["adminTab"],
    ).finally(() => warp(1));
    const adminTabSlope = slope(admins, (r) => r.adminTab.calls);
    console.log(`   one more admin's tab adds ${fmt(adminTabSlope)} calls/h and no game request`);
    console.log(`   (${elapsed()})`);

    console.log("3. Delay from a game-server change (changelevel) to a subscribed dashboard");
    const poll = await pollLatency(demo, server1._id, settings.latencySamples);
    const push = await pushLatency(demo, server1._id, settings.latencySamples);
    console.log(`   poll: ${latencyLine(poll)}`);
    console.log(`   push: ${latencyLine(push)}`);
    console.log(`   (${elapsed()})`);

    console.log(`4. Tournament ban → peers (${OBSERVERS} observers on one tournament page)`);
    const ban = await banToPeerLatency(demo, { bans: settings.bans, observers: OBSERVERS });
    for (const line of describeBanLatency(ban)) console.log(`   ${line}`);
    console.log(`   (${elapsed()}; load average ${load()})`);
    const conflicts = [...demo.backend.concurrency().conflictsBy]
      .sort((a, b) => b[1] - a[1])
      .map(([where, n]) => `${where} ${n}`);
    console.log(
      `Write conflicts retried over the whole run: ${conflicts.length ? conflicts.join(", ") : "none"}`,
    );

    console.log("5. Direct RCON (Server #3, no plugin, no proxy): one watcher, then admin actions");
    const rcon = await directRconCost(demo, tally, {
      windowMs: settings.rconWindowMs,
      adminActions: settings.rconActions,
    });
    for (const line of describeRcon(rcon)) console.log(`   ${line}`);
    console.log(`   (${elapsed()}; load average ${load()})`);

    console.log(
      "6. CS2's log on (Server #1 playing, a real server's volume): cost per hour of play",
    );
    const log = await logCost(demo, tally, settings.logWindowMs);
    console.log(
      `   ${log.posts} POSTs (${fmt(log.postsPerMinute, 1)}/min, ${fmt(log.linesPerPost, 1)} lines and` +
        ` ${fmt(log.postMs)} ms each) over ${fmt(log.windowMs / 1000)} s, ${log.rounds} rounds:` +
        ` ${fmt(log.logCallsPerServerHour)} calls/h, ${fmt(log.logActionSecondsPerServerHour, 1)} action s/h`,
    );
    console.log(`   (${elapsed()}; load average ${load()})`);

    const figures = {
      logCallsPerServerHour: round(log.logCallsPerServerHour),
      logActionSecondsPerServerHour: round(log.logActionSecondsPerServerHour),
      logPostsPerMinute: round(log.postsPerMinute),
      logLinesPerPost: round(log.linesPerPost),
      gameRequestsPerMin: Object.fromEntries(
        audiences.map((r) => [String(r.viewers), round(r.gameRequestsPerMin)]),
      ),
      gameRequestsPerMinAdminTabs: Object.fromEntries(
        admins.map((r) => [String(r.viewers), round(r.gameRequestsPerMin)]),
      ),
      callsPerViewerHour: {
        dashboard: round(dashboardSlope),
        dashboardPushOn: round(pushedSlope),
        players: round(playersSlope),
        // The kill feed a spectator opens (its own subscription; the tab's heartbeat is counted
        // with the dashboard). The overlay measured on its own tabs (`?rounds=1` subscribes to
        // nothing more); `?killfeed=1` adds the kill feed's subscription, measured beside it.
        killFeed: round(killFeedSlope),
        adminTab: round(adminTabSlope),
        overlay: round(overlaySlope),
        overlayKillFeed: round(overlaySlope + killFeedSlope),
        bracket: 0,
      },
      // Parts of the dashboard's figure: the avatars' subscription (made again when a human it
      // has not asked for joins) and the heartbeats' calls into the rate-limiter component.
      avatarCallsPerViewerHour: round(avatarsSlope),
      componentCallsPerViewerHour: round(componentSlope),
      presenceCallsPerViewerHour: round(presence),
      conflictRetriesPerHour: round(last.conflictRetriesPerHour),
      callsPerViewerRound: {
        dashboard: round(perRound(dashboardSlope)),
        players: round(perRound(playersSlope)),
      },
      idleCallsPerHour: { "2": round(idle[2]!.perHour), "10": round(idle[10]!.perHour) },
      changeToClientMs: {
        poll: { p50: Math.round(poll.p50), p95: Math.round(poll.p95) },
        push: push && { p50: Math.round(push.p50), p95: Math.round(push.p95) },
      },
      banToPeerMs: { p50: round(ban.peer.p50), p95: round(ban.peer.p95), observers: ban.observers },
      rconActionsPerHour: round(rcon.actionsPerHour),
      rconPollMs: { p50: round(rcon.pollMs.p50), p95: round(rcon.pollMs.p95) },
      rconAdminAction: {
        calls: round(rcon.adminAction.calls),
        nodeActions: round(rcon.adminAction.nodeActions),
        ms: { p50: round(rcon.adminAction.ms.p50), p95: round(rcon.adminAction.ms.p95) },
      },
    };
    return { figures, tally, elapsed };
  } finally {
    await demo.stop();
  }
}

const { figures, tally, elapsed } = await main();
console.log(
  `7. A ${BRACKET_VIEWERS}-viewer cup bracket: 16-team single elimination (BO1 maps of up to 23 rounds, teams` +
    ` of 2) on 4 servers at competitive timing, played by its players, clock ${BRACKET_WARP}× faster,` +
    " from four matches in play",
);
const bracket = await bracketCost(tally, {
  viewers: BRACKET_VIEWERS,
  windowMs: settings.bracketWindowMs,
  speed: BRACKET_WARP,
  quiet: process.env.BENCH_VERBOSE !== "1",
  ...(process.env.BENCH_VERBOSE === "1"
    ? { log: (line: string) => console.log(`   ${line}`) }
    : {}),
});
const woke = Object.entries(bracket.changes)
  .sort((x, y) => y[1] - x[1])
  .map(([what, n]) => `${what} ${n}`)
  .join(", ");
console.log(
  `   ${bracket.calls} calls of cups.bracket + servers.list over ${fmt(bracket.windowMs / 60_000, 1)} min of` +
    ` the cup's clock, ${bracket.reconnectReruns} of them reconnections' reruns (longest stall of the` +
    ` process ${fmt(bracket.stallMs)} ms); ${fmt(bracket.inPlay.mean, 1)} matches in play on average,` +
    ` at least ${bracket.inPlay.min}; ${bracket.decided} decided: ${fmt(bracket.callsPerViewerHour, 1)} calls per viewer-hour`,
  `\n   one viewer's ${bracket.updates} updates, by what changed in them: ${woke}`,
);
console.log(`   (${elapsed()}; load average ${load()})`);
figures.callsPerViewerHour.bracket = round(bracket.callsPerViewerHour);
// Printed once everything has stopped, so it stays the last line.
if (json) console.log(JSON.stringify(figures));
process.exit(0);
