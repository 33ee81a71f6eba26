/**
 * Live play with growing audiences: dashboard viewers on server1 and players-tab viewers on
 * server2 (the two servers have their own pollers, and a query reads only its own server's rows, so
 * the two audiences do not touch each other's figures). For each audience size, one window aligned
 * to server1's poller ticks and one aligned to server2's:
 *   - game-server requests per minute to server1 (over whole ticks, so no tick is half counted);
 *   - the calls of each audience: its query runs (one per client per rerun) and its heartbeats,
 *     counted per function and server by `CallTally`;
 *   - as many kill-feed panels opened on server1 (`serverLog.killFeed`, fed by the simulator's
 *     HTTP log): the runs a spectator adds by opening it (its tab's heartbeat is the dashboard's);
 *   - a dashboard tab holds what the panel's holds: the live view, the players' Steam avatars
 *     (`steamData.profiles`, made again when a human the tab has not asked for joins) and the
 *     heartbeat, whose rate-limiter calls are counted too;
 *   - as many OBS overlays on server1 (`/overlay/<key>`: the live view by the server's key and
 *     the heartbeat; `?rounds=1` changes nothing it subscribes to, `?killfeed=1` adds the kill
 *     feed's subscription);
 *   - every call in the window, by the tally and by the backend's `counts()` + scheduled runs.
 */
import type { ConvexClient } from "convex/browser";
import { api } from "../../convex/_generated/api";
import { HEARTBEAT_INTERVAL_MS } from "../../convex/lib/presence";
import { profileIdsToWatch } from "../../convex/lib/profileIds";
import type { Id } from "../../convex/_generated/dataModel";
import type { DemoHandle } from "../demo";
import {
  billedCalls,
  callsBetween,
  COMPONENT_CALLS,
  countsBetween,
  serverCallsBetween,
  type CallTally,
  type TallySnapshot,
} from "./calls";
import { client, demoAdminToken, sleep } from "./util";

export type ViewKind = "dashboard" | "players" | "killFeed" | "adminTab" | "overlay";

const HEARTBEAT_MS = HEARTBEAT_INTERVAL_MS;
/** How often an open admin tab reads the switches back (READ_BACK_INTERVAL_MS of the panel's
 * src/features/server-control/hooks/use-server-control.ts). */
const READ_BACK_INTERVAL_MS = 60_000;
/** The functions an admin's server-control tab calls besides its heartbeat. */
const ADMIN_TAB_CALLS = [
  "health:of",
  "recovery:latest",
  "serverControl:toggles",
  "serverControl:readBack",
  "serverControl:claimReadBack",
  "serverControl:releaseReadBack",
  "serverControl:confirmToggles",
];

/** The functions each kind of tab subscribes to from its start. */
const HELD: Record<ViewKind, readonly string[]> = {
  dashboard: ["live:dashboard"],
  overlay: ["live:dashboard"],
  players: ["live:playerList"],
  killFeed: ["serverLog:killFeed"],
  adminTab: ["health:of", "recovery:latest", "serverControl:toggles"],
};

export interface Viewer {
  client: ConvexClient;
  /** The functions the tab subscribes to now: each runs once more when its socket reconnects. */
  subscriptions(): readonly string[];
  /** Resolves once the subscription has delivered a value and the first heartbeat was accepted. */
  ready: Promise<void>;
  heartbeats: number;
  stop(): Promise<void>;
}

/**
 * A tab as the panel opens one: one subscription for its screen, a heartbeat at once and then every
 * 72 s. `phaseMs` (0..72 s) places its periodic beats, as for a tab opened that long before a full
 * period: a crowd's beats spread over it instead of arriving together.
 */
export function viewer(
  url: string,
  serverId: Id<"servers">,
  kind: ViewKind,
  n: number,
  phaseMs: number,
  serverKey = "",
): Viewer {
  const c = client(url);
  let delivered!: () => void;
  const firstValue = new Promise<void>((r) => (delivered = r));
  let readBacks: ReturnType<typeof setInterval> | undefined;
  let held: readonly string[] = HELD[kind];
  const unsubscribe =
    kind === "dashboard"
      ? dashboardTab(c, serverId, delivered, (fns) => (held = fns))
      : kind === "overlay"
        ? c.onUpdate(api.live.dashboard, { serverKey }, () => delivered())
        : kind === "players"
          ? c.onUpdate(api.live.playerList, { serverId }, () => delivered())
          : kind === "killFeed"
            ? c.onUpdate(api.serverLog.killFeed, { serverId }, () => delivered())
            : adminTab(c, serverId, delivered, (t) => (readBacks = t));
  const viewerId = `bench-${kind}-${n.toString().padStart(4, "0")}`;
  const v: Viewer = {
    client: c,
    subscriptions: () => held,
    ready: Promise.resolve(),
    heartbeats: 0,
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      clearInterval(readBacks);
      unsubscribe();
      await c.close();
    },
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  let first: ReturnType<typeof setTimeout> | undefined = undefined;
  // An opened kill feed lives in a dashboard tab, whose heartbeat is the dashboard viewer's.
  if (kind === "killFeed") {
    v.ready = firstValue;
    return v;
  }
  const beat = () => {
    v.heartbeats++;
    const view = kind === "adminTab" ? "other" : kind === "overlay" ? "dashboard" : kind;
    return c.mutation(api.live.heartbeat, { serverId, viewerId, view });
  };
  v.ready = Promise.all([firstValue, beat()]).then(() => undefined);
  first = setTimeout(() => {
    void beat().catch(() => {});
    timer = setInterval(() => void beat().catch(() => {}), HEARTBEAT_MS);
  }, phaseMs);
  return v;
}

/**
 * A dashboard tab as the panel opens it: the live view, and the Steam avatars of the players on
 * its board, asked for as `useSteamProfiles` asks (a new subscription only for a new human).
 */
function dashboardTab(
  c: ConvexClient,
  serverId: Id<"servers">,
  delivered: () => void,
  held: (functions: readonly string[]) => void,
) {
  let asked: readonly string[] = [];
  let avatars: (() => void) | null = null;
  const live = c.onUpdate(api.live.dashboard, { serverId }, (value) => {
    delivered();
    const ids = profileIdsToWatch(value.snapshot?.board.map((l) => l.steamId) ?? [], asked);
    if (ids === asked) return;
    asked = ids;
    const previous = avatars;
    avatars = c.onUpdate(api.steamData.profiles, { steamIds: [...ids] }, () => {});
    previous?.();
    held([...HELD.dashboard, "steamData:profiles"]);
  });
  return () => {
    live();
    avatars?.();
  };
}

/**
 * An admin's server-control tab as the panel opens it: the health panel, the interruption notice
 * and the switches, and the switches' read-back at once and then every minute (shared by all open
 * tabs of a server). Returns what unsubscribes.
 */
function adminTab(
  c: ConvexClient,
  serverId: Id<"servers">,
  delivered: () => void,
  keep: (t: ReturnType<typeof setInterval>) => void,
): () => void {
  c.setAuth(async () => demoAdminToken());
  const subscriptions = [
    c.onUpdate(api.health.of, { serverId }, () => delivered()),
    c.onUpdate(api.recovery.latest, { serverId }, () => {}),
    c.onUpdate(api.serverControl.toggles, { serverId }, () => {}),
  ];
  const readBack = () => void c.action(api.serverControl.readBack, { serverId }).catch(() => {});
  readBack();
  keep(setInterval(readBack, READ_BACK_INTERVAL_MS));
  return () => subscriptions.forEach((unsubscribe) => unsubscribe());
}

/**
 * Notices the first request of each poller tick on one simulated server, synchronously as it
 * arrives (before the answer, so before the tick stores anything): a burst of requests after a
 * quiet second. `capture` runs at that moment, so a window between two bursts holds whole ticks.
 */
export class TickClock<T> {
  private lastAt = -Infinity;
  private waiters: Array<{ notBefore: number; resolve: (b: Burst<T>) => void }> = [];
  bursts = 0;

  constructor(
    private readonly counters: { inc(key: string): void; snapshot(): { total: number } },
    private readonly capture: () => T,
  ) {
    const original = counters.inc.bind(counters);
    counters.inc = (key: string) => {
      const now = performance.now();
      if (now - this.lastAt > 1_000) this.onBurst(now);
      this.lastAt = now;
      original(key);
    };
  }

  private onBurst(at: number) {
    this.bursts++;
    const due = this.waiters.filter((w) => at >= w.notBefore);
    if (!due.length) return;
    this.waiters = this.waiters.filter((w) => at < w.notBefore);
    const burst = {
      at,
      index: this.bursts,
      requestsBefore: this.counters.snapshot().total,
      captured: this.capture(),
    };
    for (const w of due) w.resolve(burst);
  }

  /** The first burst starting at or after `notBefore` (performance.now() time). */
  next(notBefore = 0): Promise<Burst<T>> {
    return new Promise((resolve, reject) => {
      // Two minutes of virtual time (15 s of real time at 8×): a loaded machine may stall the whole
      // process for seconds while a crowd of clients joins, and the poller with it.
      const waitMs = Math.max(0, notBefore - performance.now()) + 120_000;
      const timeout = setTimeout(() => reject(new Error("no poller tick seen")), waitMs);
      this.waiters.push({
        notBefore,
        resolve: (b) => {
          clearTimeout(timeout);
          resolve(b);
        },
      });
    });
  }

  /** A window of whole ticks, at least `ms` − 1 s long, starting with the next tick. */
  async window(ms: number): Promise<{ start: Burst<T>; end: Burst<T> }> {
    const start = await this.next();
    const end = await this.next(start.at + ms - 1_000);
    return { start, end };
  }
}

interface Burst<T> {
  at: number;
  index: number;
  requestsBefore: number;
  captured: T;
}

interface Capture {
  tally: TallySnapshot;
  counts: ReturnType<DemoHandle["backend"]["counts"]>;
  /** Mutations retried after a write conflict so far (the backend's concurrency emulation). */
  conflictRetries: number;
  /** Rounds server1 has started so far (a new round number, or a new map's first). */
  rounds: number;
  wall: number;
  /** Subscription runs the clients' reconnections caused so far, by `<kind> <function>`. */
  reconnectRuns: Record<string, number>;
}

export interface AudienceResult {
  viewers: number;
  /** Server1's window. */
  ms: number;
  ticks: number;
  gameRequestsPerMin: number;
  /** Per hour, server1's window: every call (tally), and counts() + scheduled runs. */
  allCallsPerHour: number;
  billedCallsPerHour: number;
  /** Calls per hour of all dashboard viewers (server1's window) and players-tab viewers (server2's):
   * their screen's query runs, their heartbeats, and the heartbeats' calls into components. */
  dashboard: { queries: number; heartbeats: number; avatars: number; components: number };
  players: { queries: number; heartbeats: number; components: number };
  /** Calls per hour of all overlays on server1 (server1's window), as for the dashboard. */
  overlay: { queries: number; heartbeats: number; components: number };
  /** Runs per hour of all opened kill feeds on server1 (server1's window). */
  killFeed: { queries: number };
  /** Calls per hour of all admins' server-control tabs on server1 (health panel, interruption
   * notice, switches, their read-backs and heartbeats; server1's window). */
  adminTab: { calls: number };
  /** Every heartbeat in server1's window, per hour. */
  heartbeatsPerHour: number;
  /** Subscription runs of reconnected clients per hour (server1's window), left out of the
   * figures above: the fast clock's artifact. */
  reconnectRunsPerHour: number;
  /** Server1's own poller calls per hour (its stores, and the fleet ticks that polled it, a tick
   * shared with server2 counted whole): what a watched server costs at most. */
  pollerCallsPerHour: number;
  /** Mutations retried after a write conflict, per hour (server1's window, every function). */
  conflictRetriesPerHour: number;
  /** Rounds server1 played per hour in its window (CS2 competitive timing). */
  roundsPerHour: number;
}

export async function liveAudiences(
  demo: DemoHandle,
  tally: CallTally,
  servers: { dashboard: Id<"servers">; players: Id<"servers">; dashboardKey: string },
  sizes: number[],
  windowMs: (size: number) => number,
  report: (r: AudienceResult) => void,
  /** What each audience size opens: so many of each kind of tab. */
  kinds: readonly ViewKind[] = ["dashboard", "players", "killFeed", "overlay"],
): Promise<AudienceResult[]> {
  const [sim1, sim2] = demo.sim.servers;
  let rounds = 0;
  let lastRound = sim1!.state().round;
  // Sampled every virtual second (a round lasts at least its 15 s freezetime), not only when a
  // window starts or ends: those see at most one change per window.
  const countRounds = () => {
    const round = sim1!.state().round;
    if (round !== lastRound) {
      rounds++;
      lastRound = round;
    }
  };
  const roundSampler = setInterval(countRounds, 1_000);
  const capture = (): Capture => {
    countRounds();
    return {
      tally: tally.snapshot(),
      counts: demo.backend.counts(),
      conflictRetries: demo.backend.concurrency().conflictRetries,
      rounds,
      wall: Date.now(),
      reconnectRuns: reconnectRuns(),
    };
  };
  // The bench's fast clock runs the clients' own timers fast too, so a client may drop and re-open
  // its socket (the connection's inactivity check); each re-subscribes and its queries run once
  // more, which a real viewer on a real clock does not pay: counted here and left out of the
  // figures (as the bracket section does).
  const seen = new Map<Viewer, number>();
  const reruns: Record<string, number> = {};
  const reconnectRuns = () => {
    for (const [kind, list] of Object.entries(viewers)) {
      for (const v of list) {
        const connections = v.client.connectionState().connectionCount;
        const more = connections - (seen.get(v) ?? connections);
        seen.set(v, connections);
        if (more <= 0) continue;
        for (const fn of v.subscriptions()) {
          reruns[`${kind} ${fn}`] = (reruns[`${kind} ${fn}`] ?? 0) + more;
        }
      }
    }
    return { ...reruns };
  };
  const clock1 = new TickClock(sim1!.counters, capture);
  const clock2 = new TickClock(sim2!.counters, capture);
  const viewers: Record<ViewKind, Viewer[]> = {
    dashboard: [],
    players: [],
    killFeed: [],
    adminTab: [],
    overlay: [],
  };
  const results: AudienceResult[] = [];
  const perHour = (n: number, ms: number) => (n * 3_600_000) / ms;
  try {
    for (const size of sizes) {
      const joined: Viewer[] = [];
      for (const kind of kinds) {
        const list = viewers[kind];
        const adding = size - list.length;
        for (let i = 0; i < adding; i++) {
          const serverId = kind === "players" ? servers.players : servers.dashboard;
          const phase = ((i + 0.5) / adding) * HEARTBEAT_MS;
          const v = viewer(
            demo.backend.url,
            serverId,
            kind,
            list.length,
            phase,
            servers.dashboardKey,
          );
          list.push(v);
          joined.push(v);
        }
      }
      await Promise.all(joined.map((v) => v.ready));
      await sleep(500); // the first watcher's kick has been scheduled and run
      // Server2 is polled only while its players tab is watched: without one, its window is
      // server1's (its figures then count nothing).
      const [w1, w2] = kinds.includes("players")
        ? await Promise.all([clock1.window(windowMs(size)), clock2.window(windowMs(size))])
        : await clock1.window(windowMs(size)).then((w) => [w, w] as const);
      const ms1 = w1.end.at - w1.start.at;
      const ms2 = w2.end.at - w2.start.at;
      const a1 = w1.start.captured;
      const b1 = w1.end.captured;
      const a2 = w2.start.captured;
      const b2 = w2.end.captured;
      const billed = await billedCalls(demo, a1.wall, b1.wall, countsBetween(a1.counts, b1.counts));
      const calls = (a: Capture, b: Capture, fn: string, id: string, view?: string) =>
        serverCallsBetween(a.tally, b.tally, fn, id, view);
      // What the tabs of one kind called, by the kind their viewer ids name.
      const byKind = (a: Capture, b: Capture, fn: string, kind: ViewKind) =>
        serverCallsBetween(a.tally, b.tally, fn, `viewers:${kind}`);
      // What one kind of tab's reconnections re-ran of one function in the window.
      const again = (a: Capture, b: Capture, kind: ViewKind, fn: string) =>
        (b.reconnectRuns[`${kind} ${fn}`] ?? 0) - (a.reconnectRuns[`${kind} ${fn}`] ?? 0);
      const beats = (a: Capture, b: Capture, kind: ViewKind, ms: number) => ({
        heartbeats: perHour(byKind(a, b, "live:heartbeat", kind), ms),
        components: perHour(byKind(a, b, `live:heartbeat${COMPONENT_CALLS}`, kind), ms),
      });
      const r: AudienceResult = {
        viewers: size,
        ms: ms1,
        ticks: w1.end.index - w1.start.index,
        gameRequestsPerMin: ((w1.end.requestsBefore - w1.start.requestsBefore) * 60_000) / ms1,
        allCallsPerHour: perHour(callsBetween(a1.tally, b1.tally), ms1),
        billedCallsPerHour: perHour(billed, ms1),
        dashboard: {
          queries: perHour(
            calls(a1, b1, "live:dashboard", servers.dashboard) -
              again(a1, b1, "dashboard", "live:dashboard"),
            ms1,
          ),
          ...beats(a1, b1, "dashboard", ms1),
          // Only dashboard tabs ask for avatars.
          avatars: perHour(
            callsBetween(a1.tally, b1.tally, ["steamData:profiles"]) -
              again(a1, b1, "dashboard", "steamData:profiles"),
            ms1,
          ),
        },
        players: {
          queries: perHour(
            calls(a2, b2, "live:playerList", servers.players) -
              again(a2, b2, "players", "live:playerList"),
            ms2,
          ),
          ...beats(a2, b2, "players", ms2),
        },
        overlay: {
          queries: perHour(
            calls(a1, b1, "live:dashboard", `key:${servers.dashboardKey}`) -
              again(a1, b1, "overlay", "live:dashboard"),
            ms1,
          ),
          ...beats(a1, b1, "overlay", ms1),
        },
        killFeed: {
          queries: perHour(
            calls(a1, b1, "serverLog:killFeed", servers.dashboard) -
              again(a1, b1, "killFeed", "serverLog:killFeed"),
            ms1,
          ),
        },
        adminTab: {
          calls: perHour(
            ADMIN_TAB_CALLS.reduce((n, fn) => n + calls(a1, b1, fn, servers.dashboard), 0) +
              calls(a1, b1, "live:heartbeat", servers.dashboard, "other") -
              HELD.adminTab.reduce((n, fn) => n + again(a1, b1, "adminTab", fn), 0),
            ms1,
          ),
        },
        heartbeatsPerHour: perHour(callsBetween(a1.tally, b1.tally, ["live:heartbeat"]), ms1),
        reconnectRunsPerHour: perHour(
          Object.keys(b1.reconnectRuns).reduce(
            (n, k) => n + (b1.reconnectRuns[k] ?? 0) - (a1.reconnectRuns[k] ?? 0),
            0,
          ),
          ms1,
        ),
        pollerCallsPerHour: perHour(
          calls(a1, b1, "poller:fleetTick", servers.dashboard) +
            calls(a1, b1, "poller:store", servers.dashboard),
          ms1,
        ),
        conflictRetriesPerHour: perHour(b1.conflictRetries - a1.conflictRetries, ms1),
        roundsPerHour: perHour(b1.rounds - a1.rounds, ms1),
      };
      results.push(r);
      report(r);
    }
  } finally {
    clearInterval(roundSampler);
    await Promise.all(
      Object.values(viewers)
        .flat()
        .map((v) => v.stop()),
    );
  }
  return results;
}
