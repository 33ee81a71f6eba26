/**
 * What a cup's public bracket costs per viewer: a 16-team single elimination (BO1, teams of two) on
 * four simulated servers at CS2's competitive round timing, played by its players as the cup demo
 * plays it (check-in, veto, joining the server, the panel's launch and recorded results), on a
 * faster clock. `viewers` anonymous clients hold the cup page's subscriptions (`cups.bracket` and
 * `servers.list`); the players' driver reads the bracket from one of them, so nothing else runs
 * those functions. From the moment four matches hold a server, for `windowMs` of the cup's clock,
 * every run of those two functions is counted (each client's update is a billed call, shared runs
 * included), less the reruns of a viewer's reconnection (the client re-subscribes when its socket
 * was silent for 60 s of the warped clock, which a loaded machine causes and a deployment does not):
 * calls per viewer-hour = (calls − reruns) / viewers / hours.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { CUP_DEMO_TEAMS, createCup, Crowd, registerTeams, TEAM_SIZE } from "../cup-demo/run";
import type { CupView } from "../cup-demo/run";
import { signUpPlayers } from "../cup-demo/players";
import { startDemo } from "../demo";
import { callsBetween, type CallTally } from "./calls";
import { warp } from "./clock";
import { client, COMPETITIVE_TIMING, demoAdminToken, sleep } from "./util";

const TEAMS = 16;
const SERVERS = 4;
const VIEWED = ["cups:bracket", "servers:list"];
/** A competitive map's length (MR12) made odd: the simulator plays no overtime, and a tie would
 * stall the match for an admin's decision. */
const MAX_ROUNDS = 23;

export interface BracketCost {
  viewers: number;
  teams: number;
  servers: number;
  /** The window on the cup's clock. */
  windowMs: number;
  /** Runs of the viewers' two subscriptions, and those of them that were reconnections' reruns. */
  calls: number;
  reconnectReruns: number;
  callsPerViewerHour: number;
  /** Updates one viewer received, and what changed in them (a kind of change per update). */
  updates: number;
  changes: Record<string, number>;
  /** Matches holding a server, sampled through the window: mean and least. */
  inPlay: { mean: number; min: number };
  /** Matches decided in the window. */
  decided: number;
  /** The bench process's longest event-loop stall in the window, in real milliseconds. */
  stallMs: number;
}

const holding = (view: CupView) =>
  view.matches.filter((m) => m.phase === "veto" || m.phase === "live").length;

export async function bracketCost(
  tally: CallTally,
  opts: {
    viewers: number;
    windowMs: number;
    speed: number;
    quiet: boolean;
    /** Each match's phase as it changes (for whoever reads a slow run). */
    log?: (line: string) => void;
  },
): Promise<BracketCost> {
  const demo = await startDemo({
    ephemeral: true,
    web: false,
    quiet: opts.quiet,
    maxRounds: MAX_ROUNDS,
    extraServers: SERVERS - 3,
  });
  const stopCounting = tally.countSharedHits(demo.backend);
  const admin = client(demo.backend.url);
  admin.setAuth(async () => demoAdminToken());
  const clients = [admin];
  try {
    for (const s of demo.sim.servers) for (const line of COMPETITIVE_TIMING) s.console.exec(line);
    const servers = (await admin.query(api.servers.list, {})).slice(0, SERVERS);
    const serverIds = servers.map((s) => s._id);
    const serverIndex = new Map(servers.map((s, i) => [s._id as string, i]));
    // Two teams' names per demo name: 16 teams.
    const teamNames = [...CUP_DEMO_TEAMS, ...CUP_DEMO_TEAMS.map((n) => `${n} II`)].slice(0, TEAMS);
    const names = teamNames.flatMap((team) =>
      Array.from({ length: TEAM_SIZE }, (_, i) => `${team}-${i + 1}`),
    );
    const players = await signUpPlayers(demo, names, 0);
    clients.push(...players.map((p) => p.convex));
    const name = "Кубок шістнадцяти";
    const bracket = { format: "single_elimination", bestOf: 1, finalBestOf: 1 } as const;
    const cup = await createCup(admin, name, bracket, TEAMS, serverIds);
    await registerTeams(cup.id, players, teamNames);
    const setup = { cupId: cup.id, slug: cup.slug, name, format: bracket.format, teams: TEAMS };
    const crowd = new Crowd(demo, { ...setup, players }, serverIndex);

    let latest: CupView | null = null;
    let measuring = false;
    let updates = 0;
    const changes: Record<string, number> = {};
    const viewers = Array.from({ length: opts.viewers }, () => client(demo.backend.url));
    clients.push(...viewers);
    for (const [i, viewer] of viewers.entries()) {
      viewer.onUpdate(api.cups.bracket, { slug: cup.slug }, (view) => {
        if (i !== 0 || !view) return;
        if (measuring) {
          updates++;
          for (const c of changesOf(latest, view)) changes[c] = (changes[c] ?? 0) + 1;
        }
        latest = view;
      });
      viewer.onUpdate(api.servers.list, {}, () => {});
    }
    warp(opts.speed);
    await admin.action(api.cupAdmin.start, { cupId: cup.id as Id<"cups"> });

    const seen = new Map<string, string>();
    const step = async () => {
      const view = latest as CupView | null;
      if (view) {
        await crowd.step(view);
        for (const m of view.matches) {
          if (seen.get(m.key) !== m.phase) opts.log?.(`${m.key}: ${m.phase}`);
          seen.set(m.key, m.phase);
        }
      }
      await sleep(250);
    };
    const deadline = Date.now() + 2 * 3_600_000;
    while (!latest || holding(latest) < SERVERS) {
      if (Date.now() > deadline) throw new Error("four cup matches never held their servers");
      await step();
    }
    const decidedBefore = (latest as CupView).matches.filter((m) => m.result).length;
    const connections = () => viewers.reduce((n, c) => n + c.connectionState().connectionCount, 0);
    const connectedBefore = connections();
    const a = tally.snapshot();
    const lag = monitorEventLoopDelay({ resolution: 20 });
    lag.enable();
    measuring = true;
    const from = Date.now();
    const samples: number[] = [];
    while (Date.now() - from < opts.windowMs) {
      samples.push(holding(latest as CupView));
      await step();
    }
    const b = tally.snapshot();
    measuring = false;
    lag.disable();
    const windowMs = Date.now() - from;
    const calls = callsBetween(a, b, VIEWED);
    // A reconnected client runs each of its subscriptions once more.
    const reconnectReruns = (connections() - connectedBefore) * VIEWED.length;
    return {
      viewers: opts.viewers,
      teams: TEAMS,
      servers: SERVERS,
      windowMs,
      calls,
      reconnectReruns,
      callsPerViewerHour: ((calls - reconnectReruns) / opts.viewers) * (3_600_000 / windowMs),
      updates,
      changes,
      inPlay: {
        mean: samples.reduce((x, y) => x + y, 0) / Math.max(1, samples.length),
        min: Math.min(...samples),
      },
      decided: (latest as CupView).matches.filter((m) => m.result).length - decidedBefore,
      stallMs: lag.max / 1e6,
    };
  } finally {
    warp(1);
    stopCounting();
    for (const c of clients) await c.close();
    await demo.stop();
  }
}

/** What differs between two views of the bracket: one word per kind of change. */
function changesOf(before: CupView | null, after: CupView): string[] {
  if (!before) return ["first view"];
  const out = new Set<string>();
  const old = new Map(before.matches.map((m) => [m.id, m]));
  const differ = (x: unknown, y: unknown) => JSON.stringify(x) !== JSON.stringify(y);
  for (const m of after.matches) {
    const o = old.get(m.id);
    if (!o) continue;
    if (o.phase !== m.phase) out.add(`${o.phase}→${m.phase}`);
    if (differ(o.checkedIn, m.checkedIn)) out.add("check-in");
    if (differ(o.live, m.live) && o.phase === m.phase) out.add("series score");
    if (o.teamA !== m.teamA || o.teamB !== m.teamB) out.add("teams filled");
    if (o.startAt !== m.startAt) out.add("start time");
  }
  if (before.status !== after.status) out.add("cup status");
  if (out.size === 0) out.add(differ(before, after) ? "other" : "nothing");
  return [...out];
}
