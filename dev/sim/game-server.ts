/**
 * One simulated CS2 server: world + console + plugin HTTP API + RCON TCP, sharing one fault
 * controller and one set of counters. Going offline (fault or simulated restart) closes both
 * listeners; coming back reopens the same ports.
 */
import { type GameModeName, type WireBan } from "../../convex/lib/gameApi";
import type { WireComms } from "./comms";
import { ConsoleEngine } from "./console";
import { Counters, FaultController, type Faults } from "./faults";
import { createJsonServer } from "./http-kit";
import { ManagedListener } from "./listener";
import { newMatch, tick } from "./match";
import { MatchzyRemoteLog } from "./matchzy";
import { DemoRecorder } from "./demo-recorder";
import { ServerHttpLog } from "./http-log";
import { MatchzyMatch, type MatchzyMatchState } from "./matchzy-match";
import { pluginRouter } from "./plugin-api";
import { RconServer } from "./rcon-server";
import { type RoundBackup, RoundBackups } from "./round-backups";
import { type SimClock } from "./rng";
import { type ChatLine, GameWorld, type MatchEventType, type WorldOptions } from "./world";

export interface SimServerConfig extends WorldOptions {
  id: string;
  httpPort: number;
  rconPort: number;
  apiKey: string;
}

export interface SimServerState {
  id: string;
  name: string;
  online: boolean;
  restarting: boolean;
  map: string;
  mode: GameModeName;
  gameType: number;
  gameModeNum: number;
  phase: string;
  round: number;
  maxRounds: number;
  scoreCT: number;
  scoreT: number;
  passwordProtected: boolean;
  password: string;
  rconPassword: string;
  toggles: {
    cheats: boolean;
    paused: boolean;
    autobalance: boolean;
    friendlyfire: boolean;
    bhop: boolean;
  };
  lastExec: string | null;
  weaponPool: string;
  version: string;
  players: { connected: number; humans: number; bots: number; spectators: number; offline: number };
  bans: WireBan[];
  /** CS2-SimpleAdmin's mutes, gags and silences in force (empty when it is not installed). */
  comms: WireComms[];
  chat: ChatLine[];
  faults: Faults;
  /** Addresses the RCON listener banned after repeated wrong passwords. */
  rconBanned: string[];
  /** MatchZy remote log: the current match's id, the URL ("" = off), POSTs answered 2xx / not. */
  matchzy: {
    matchId: number;
    remoteLogUrl: string;
    sent: number;
    failed: number;
  } & MatchzyMatchState;
  /** CS2's HTTP log: logging on or off, each listener's URL, lines waiting, POSTs answered 200 / not. */
  httpLog: ServerHttpLog["state"];
  /** GOTV recordings (`tv_record`, MatchZy's own) and MatchZy's demo uploads. */
  demos: ReturnType<DemoRecorder["state"]>;
  /** Round backup files on the server's disk. */
  backups: RoundBackup[];
}

/** How a simulated server runs, beside its config; simulator.ts passes the simulator's options. */
export interface SimServerRuntime {
  host: string;
  /** Offline time of `_restart` and `server/update`. */
  downtimeMs: number;
  /** Timeout of one MatchZy remote-log POST (MatchZy: 15 s). */
  remoteLogTimeoutMs?: number;
  log?: (message: string) => void;
}

/** What `advanceUntil` answers: whether the event happened, after how many ticks. */
export interface AdvanceUntilResult {
  reached: boolean;
  ticks: number;
}

export class SimServer {
  readonly world: GameWorld;
  readonly console: ConsoleEngine;
  readonly faults: FaultController;
  readonly counters = new Counters();
  readonly http: ManagedListener;
  readonly rcon: RconServer;
  readonly matchzy: MatchzyRemoteLog;
  /** CS2's HTTP log (`log on`, `logaddress_add_http`). */
  readonly httpLog: ServerHttpLog;
  /** MatchZy's match setup: a loaded match config holds the roster (matchzy-match.ts). */
  readonly matchzyMatch: MatchzyMatch;
  /** GOTV recordings and MatchZy's demo uploads (demo-recorder.ts). */
  readonly demos: DemoRecorder;
  /** CS2's round backup files (round-backups.ts): they outlive a restart. */
  readonly backups: RoundBackups;
  private readonly host: string;
  private readonly downtimeMs: number;
  private readonly log?: (message: string) => void;
  private restarting = false;
  private stopped = false;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    readonly config: SimServerConfig,
    clock: SimClock,
    runtime: SimServerRuntime,
  ) {
    const { host, log } = runtime;
    this.host = host;
    this.downtimeMs = runtime.downtimeMs;
    this.log = log;
    this.world = new GameWorld(clock, config);
    this.backups = new RoundBackups(this.world);
    const prefixed = log ? { log: (message: string) => log(`${config.id}: ${message}`) } : {};
    this.matchzyMatch = new MatchzyMatch(this.world, prefixed);
    this.matchzy = new MatchzyRemoteLog(
      this.world,
      {
        ...(runtime.remoteLogTimeoutMs !== undefined
          ? { timeoutMs: runtime.remoteLogTimeoutMs }
          : {}),
        ...prefixed,
      },
      this.matchzyMatch,
    );
    this.demos = new DemoRecorder(
      this.world,
      { matchId: () => this.matchzy.matchId, seed: config.seed },
      prefixed.log,
    );
    this.httpLog = new ServerHttpLog(this.world, {
      serverAddr: () => `${host}:${this.rconPort}`,
      seed: config.seed,
      ...prefixed,
    });
    this.faults = new FaultController(config.seed);
    this.rcon = new RconServer({
      host,
      port: config.rconPort,
      password: () => this.world.cvars.get("rcon_password"),
      execute: (command, from) => {
        this.httpLog.rconEcho(from, command);
        return this.console.exec(command);
      },
      faults: this.faults,
      counters: this.counters,
      ...(log ? { log } : {}),
    });
    this.console = new ConsoleEngine(this.world, {
      port: () => this.rconPort,
      publicHost: host,
      onRconPasswordChanged: () => this.rcon.dropSessions(),
      serverLog: (name, args) => this.httpLog.command(name, args),
      // Defer so the reply to `quit` can be written before the listeners close.
      onRestart: () => void setImmediate(() => this.restartServices("restart")),
      matchzy: this.matchzyMatch,
      demos: this.demos,
      backups: this.backups,
    });
    const router = pluginRouter({
      world: this.world,
      console: this.console,
      apiKey: config.apiKey,
      backups: this.backups,
      restartServices: (kind) => this.restartServices(kind),
    });
    const server = createJsonServer({
      router,
      counters: this.counters,
      faults: this.faults,
      ...(log ? { log } : {}),
    });
    this.http = new ManagedListener(server, host, config.httpPort);
    this.faults.onChange(() => this.sync());
  }

  get id(): string {
    return this.config.id;
  }

  get httpPort(): number {
    return this.http.boundPort;
  }

  /** Every POST to the panel under way has been answered (or has failed): MatchZy's and the log's. */
  async settled(): Promise<void> {
    await this.matchzy.settled();
    await this.httpLog.settled();
  }

  get rconPort(): number {
    return this.rcon.port;
  }

  get baseUrl(): string {
    return `http://${this.host}:${this.httpPort}`;
  }

  get apiUrl(): string {
    return `${this.baseUrl}/api`;
  }

  get online(): boolean {
    return this.http.isListening;
  }

  async start(): Promise<void> {
    await this.http.open();
    await this.rcon.listener.open();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.matchzy.stop();
    this.demos.stop();
    this.httpLog.stop();
    this.matchzyMatch.stop();
    await Promise.all([this.http.close(), this.rcon.listener.close()]);
  }

  tick(): void {
    if (this.online) tick(this.world);
  }

  advance(ticks = 1): void {
    for (let i = 0; i < ticks; i++) tick(this.world);
  }

  /**
   * Ticks until the match event happens (`live`, `roundEnd`, `matchOver`, `newMatch`,
   * `sidesSwapped`), at most `maxTicks`; stops on the tick it happens in, so a test reads the
   * state (scores, stats) the event was built from.
   */
  advanceUntil(event: MatchEventType, maxTicks: number): AdvanceUntilResult {
    let reached = false;
    const unsubscribe = this.world.onMatchEvent((e) => {
      if (e.type === event) reached = true;
    });
    let ticks = 0;
    try {
      while (!reached && ticks < maxTicks) {
        tick(this.world);
        ticks++;
      }
    } finally {
      unsubscribe();
    }
    return { reached, ticks };
  }

  /** `_restart` / `server/update`: offline for the downtime, then back in warmup. */
  restartServices(kind: "restart" | "update", downtimeMs = this.downtimeMs): void {
    if (this.stopped || this.restarting) return;
    this.restarting = true;
    this.syncInBackground();
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.restarting = false;
      if (kind === "update") this.world.version = bumpVersion(this.world.version);
      // A new process: its uptime starts again, and the map it had is loaded in warmup.
      this.world.startedAt = this.world.now;
      this.world.lastMap = null;
      newMatch(this.world);
      this.syncInBackground();
    }, downtimeMs);
    this.timers.add(timer);
  }

  state(): SimServerState {
    const w = this.world;
    const connected = w.connected();
    const bots = connected.filter((p) => p.isBot).length;
    return {
      id: this.id,
      name: w.cvars.get("hostname"),
      online: this.online,
      restarting: this.restarting,
      map: w.map,
      mode: w.mode,
      gameType: w.cvars.int("game_type"),
      gameModeNum: w.cvars.int("game_mode"),
      phase: w.match.phase,
      round: w.match.round,
      maxRounds: w.maxRounds,
      scoreCT: w.match.scoreCT,
      scoreT: w.match.scoreT,
      passwordProtected: w.cvars.get("sv_password") !== "",
      password: w.cvars.get("sv_password"),
      rconPassword: w.cvars.get("rcon_password"),
      toggles: {
        cheats: w.cvars.bool("sv_cheats"),
        paused: w.match.phase === "paused",
        autobalance: w.cvars.bool("mp_autoteambalance"),
        friendlyfire: w.cvars.bool("mp_friendlyfire"),
        bhop: w.cvars.bool("sv_autobunnyhopping") && w.cvars.bool("sv_enablebunnyhopping"),
      },
      lastExec: w.lastExec,
      weaponPool: w.weaponPool,
      version: w.version,
      players: {
        connected: connected.length,
        humans: connected.length - bots,
        bots,
        spectators: connected.filter((p) => p.side === "SPEC").length,
        offline: w.players.length - connected.length,
      },
      bans: w.bans.list(),
      comms: w.comms.list(),
      chat: [...w.chat],
      faults: this.faults.get(),
      rconBanned: this.rcon.bannedAddresses(),
      matchzy: {
        matchId: this.matchzy.matchId,
        remoteLogUrl: this.matchzy.url,
        sent: this.matchzy.sent,
        failed: this.matchzy.failed,
        ...this.matchzyMatch.state(),
      },
      httpLog: this.httpLog.state,
      demos: this.demos.state(),
      backups: this.backups.list(),
    };
  }

  private async sync(): Promise<void> {
    const up = !this.stopped && !this.restarting && !this.faults.get().offline;
    if (up) await Promise.all([this.http.open(), this.rcon.listener.open()]);
    else await Promise.all([this.http.close(), this.rcon.listener.close()]);
  }

  /** `sync()` from timers and hooks, where nobody awaits it: a failure is logged, never unhandled. */
  private syncInBackground(): void {
    this.sync().catch((error: unknown) => {
      this.log?.(`${this.id}: cannot open or close the listeners: ${String(error)}`);
    });
  }
}

function bumpVersion(version: string): string {
  const m = /^(\d+)\.(\d+)\.(\d+)\.(\d+)\/(\d+)$/.exec(version);
  if (!m) return version;
  const patch = Number(m[4]) + 1;
  return `${m[1]}.${m[2]}.${m[3]}.${patch}/${Number(m[5]) + 1}`;
}
