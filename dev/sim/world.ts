/**
 * State of one simulated CS2 server: cvars, roster, match, bans, chat. Console commands
 * (console.ts) and HTTP handlers change it only through these methods; match.ts advances it.
 */
import {
  GAME_MODES,
  type GameModeName,
  type WireEndedMap,
  type WireHealth,
  type WireMatch,
  type WirePlayers,
  type WireStatus,
  type WireSummary,
} from "../../convex/lib/gameApi";
import { BanList } from "./bans";
import { CommsList } from "./comms";
import { BOT_NAMES, HUMAN_NAMES, MAX_ROUNDS, TEAM_SIZE, type WeaponPool } from "./catalog";
import { Cvars } from "./cvars";
import { type MatchState, freshMatch } from "./match-state";
import { clocks } from "./match";
import { serverFps } from "./status-format";
import { ownValue } from "../../convex/lib/ownKey";
import {
  type PlayingSide,
  type Side,
  type SimPlayer,
  emptyStats,
  randomSteamId,
  toWirePlayer,
} from "./players";
import { Rng, type SimClock } from "./rng";

/** What a simulated server starts with; its config (game-server.ts) and defaults (defaults.ts) add to it. */
export interface WorldOptions {
  name: string;
  map: string;
  mode: GameModeName;
  maxPlayers: number;
  humans: number;
  spectators: number;
  seed: number;
  rconPassword: string;
  /**
   * A cap on every mode's mp_maxrounds (as a server config that shortens matches would set):
   * the demo plays short maps so match history fills within minutes. Unset: the mode's own.
   */
  maxRounds?: number;
  /** CS2-SimpleAdmin is installed (mute, gag, silence); unset means it is. */
  simpleAdmin?: boolean;
  /** GOTV broadcasts from the start (`tv_enable 1`); the console can switch it either way. */
  gotv?: boolean;
  /** `tv_port`; CS2's default 27020 when unset. */
  tvPort?: number;
}

/**
 * What match.ts and the console report as it happens (the MatchZy remote log in matchzy.ts, CS2's
 * HTTP log in http-log.ts and `advanceUntil` listen): a new match in warmup, warmup over (round 1
 * starts), a round's freezetime over, a kill, the bomb planted or defused, a round decided, the
 * match decided (right after its last `roundEnd`), sides swapped (halftime, mp_swapteams), a human
 * connected (MatchZy's roster check in matchzy-match.ts may kick them at once).
 */
export type MatchEvent =
  | { type: "newMatch" }
  | { type: "live" }
  /** A round's freeze time begins (players spawn and buy). */
  | { type: "freezeStart" }
  | { type: "roundStart" }
  | { type: "kill"; kill: SimKill }
  | { type: "bombPlanted"; planter: SimPlayer }
  | { type: "bombDefused"; defuser: SimPlayer }
  | { type: "roundEnd"; winner: PlayingSide; reason: RoundEndReason }
  | { type: "matchOver" }
  | { type: "sidesSwapped" }
  | { type: "playerConnected"; player: SimPlayer }
  /** A player's chat: `say` to all, `say_team` to the own side. */
  | { type: "chat"; player: SimPlayer; message: string; team: boolean };

/**
 * One kill: who, whom, with what, through the head or not (the log adds the other flags from its
 * own dice, so listening to kills never changes how a seeded match plays).
 */
export interface SimKill {
  killer: SimPlayer;
  victim: SimPlayer;
  weapon: string;
  headshot: boolean;
  /** A team-mate who dealt part of the damage (CS2's "assisted killing"). */
  assister?: SimPlayer;
  /** The part of the victim's 100 health the assister took. */
  assistDamage?: number;
}

export type MatchEventType = MatchEvent["type"];

/** How a simulated round ended: bomb exploded, bomb defused, a side eliminated, time ran out. */
export type RoundEndReason = "bombed" | "defused" | "elimination" | "time";

export interface ChatLine {
  at: string;
  name: string;
  message: string;
}

const CHAT_LOG_LIMIT = 200;

export class GameWorld {
  readonly cvars: Cvars;
  readonly bans: BanList;
  readonly comms: CommsList;
  readonly rng: Rng;
  readonly chat: ChatLine[] = [];
  players: SimPlayer[] = [];
  map: string;
  weaponPool: WeaponPool = "all";
  lastExec: string | null = null;
  version = "1.41.7.7/14177";
  /** When the server process started: `status_json`'s uptime; a restart sets it again. */
  startedAt: number;
  match: MatchState = freshMatch();
  /**
   * The last map played to its end since the server process started (the plugin's `/match`
   * `lastMap`), kept across map changes until the next one ends.
   */
  lastMap: WireEndedMap | null = null;
  /**
   * Set by the control API's finish-map: every round goes to whichever side this player is on (so
   * a test decides who wins a map, halftime swap included). Cleared when the map is decided.
   */
  roundsGoTo: string | null = null;
  private nextUserId = 0;
  private readonly listeners = new Set<(event: MatchEvent) => void>();

  constructor(
    readonly clock: SimClock,
    private readonly options: WorldOptions,
  ) {
    this.rng = new Rng(options.seed);
    this.bans = new BanList(() => clock.now());
    this.comms = new CommsList(() => clock.now());
    this.cvars = new Cvars({
      hostname: options.name,
      rcon_password: options.rconPassword,
      ...(options.gotv ? { tv_enable: "true" } : {}),
      ...(options.tvPort ? { tv_port: String(options.tvPort) } : {}),
    });
    this.map = options.map;
    this.startedAt = clock.now();
    this.setMode(options.mode, false);
    for (let i = 0; i < options.humans; i++) this.addPlayer(false, this.smallerSide());
    for (let i = 0; i < options.spectators; i++) this.addPlayer(false, "SPEC");
    this.fillBots();
  }

  get hasSimpleAdmin(): boolean {
    return this.options.simpleAdmin !== false;
  }

  /** Subscribes to match events; returns the unsubscribe function. */
  onMatchEvent(listener: (event: MatchEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every listener, synchronously; a listener that throws cannot break the simulation. */
  emit(event: MatchEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch {
        // A listener's own failure (it logs what it needs) must not stop the tick or the command.
      }
    }
  }

  get now(): number {
    return this.clock.now();
  }

  get maxPlayers(): number {
    return this.options.maxPlayers;
  }

  get mode(): GameModeName {
    const type = this.cvars.int("game_type");
    const mode = this.cvars.int("game_mode");
    const found = Object.entries(GAME_MODES).find(
      ([, m]) => m.gameType === type && m.gameMode === mode,
    );
    return (found?.[0] as GameModeName | undefined) ?? "custom";
  }

  get maxRounds(): number {
    return Math.max(1, this.cvars.int("mp_maxrounds"));
  }

  /** Sets game_type/game_mode and the mode's usual round count and team size. */
  setMode(mode: GameModeName, refill = true): void {
    // The type says GameModeName, but the name may have come from input: own keys only.
    const def = ownValue(GAME_MODES, mode);
    if (!def) throw new Error(`Unknown game mode ${String(mode)}`);
    this.cvars.set("game_type", String(def.gameType));
    this.cvars.set("game_mode", String(def.gameMode));
    this.onModeCvarsChanged(refill);
  }

  onModeCvarsChanged(refill = true): void {
    const mode = this.mode;
    const cap = this.options.maxRounds;
    const rounds = cap && cap > 0 ? Math.min(cap, MAX_ROUNDS[mode]) : MAX_ROUNDS[mode];
    this.cvars.set("mp_maxrounds", String(rounds));
    this.cvars.set("bot_quota", String(TEAM_SIZE[mode] * 2));
    if (refill) this.fillBots();
  }

  connected(): SimPlayer[] {
    return this.players.filter((p) => p.connected);
  }

  onSide(side: Side): SimPlayer[] {
    return this.players.filter((p) => p.connected && p.side === side);
  }

  find(steamId: string): SimPlayer | undefined {
    return this.players.find((p) => p.steamId === steamId);
  }

  /** Resolves a console target: `#userid`, bare userid, SteamID64 or exact name. */
  resolveTarget(target: string): SimPlayer | undefined {
    const t = target.trim();
    const online = this.connected();
    const byId = /^#?\d{1,6}$/.test(t) ? Number(t.replace("#", "")) : null;
    return (
      (byId !== null ? online.find((p) => p.userId === byId) : undefined) ??
      online.find((p) => p.steamId === t) ??
      online.find((p) => p.name.toLowerCase() === t.toLowerCase())
    );
  }

  smallerSide(): PlayingSide {
    return this.onSide("T").length < this.onSide("CT").length ? "T" : "CT";
  }

  /** A connected player; the control API may choose the name (and the id) of a human. */
  addPlayer(isBot: boolean, side: Side, identity?: { steamId?: string; name?: string }): SimPlayer {
    const now = this.now;
    const player: SimPlayer = {
      userId: this.nextUserId++,
      steamId: identity?.steamId ?? this.uniqueSteamId(),
      name: identity?.name ?? this.uniqueName(isBot ? BOT_NAMES : HUMAN_NAMES),
      isBot,
      side,
      connected: true,
      alive: side !== "SPEC" && this.canSpawn(),
      stats: emptyStats(),
      roundKills: 0,
      playMs: 0,
      firstSeen: now,
      lastSeen: now,
      connectedAt: now,
      lastWeaponUsed: "",
      ping: isBot ? 0 : this.rng.int(8, 90),
      address: isBot ? "" : `192.0.2.${this.rng.int(2, 254)}:${this.rng.int(20000, 65000)}`,
    };
    this.players.push(player);
    if (!isBot) this.emit({ type: "playerConnected", player });
    return player;
  }

  /** Offline players keep their stats (the plugin's `offline` group); bots just vanish. */
  disconnect(player: SimPlayer): void {
    if (player.isBot) {
      this.players = this.players.filter((p) => p !== player);
      return;
    }
    player.connected = false;
    player.alive = false;
    player.lastSeen = this.now;
  }

  reconnect(player: SimPlayer, side: Side): void {
    player.connected = true;
    player.side = side;
    player.userId = this.nextUserId++;
    player.connectedAt = this.now;
    player.alive = side !== "SPEC" && this.canSpawn();
    this.emit({ type: "playerConnected", player });
  }

  moveTo(player: SimPlayer, side: Side): void {
    player.side = side;
    player.alive = side !== "SPEC" && this.canSpawn();
  }

  slay(player: SimPlayer): void {
    if (!player.alive) return;
    player.alive = false;
    player.stats.deaths++;
    player.stats.score = Math.max(0, player.stats.score - 1);
  }

  /** bot_quota in `fill` mode: bots top the playing sides up to the quota, humans replace them. */
  fillBots(): void {
    const quota = Math.max(0, this.cvars.int("bot_quota"));
    const playing = () => this.connected().filter((p) => p.side !== "SPEC");
    const humans = playing().filter((p) => !p.isBot).length;
    const wanted = Math.max(0, quota - humans);
    let bots = playing().filter((p) => p.isBot);
    while (bots.length > wanted) {
      const side = this.onSide("T").length > this.onSide("CT").length ? "T" : "CT";
      const victim = [...bots].reverse().find((b) => b.side === side) ?? bots[bots.length - 1];
      if (victim) this.disconnect(victim);
      bots = playing().filter((p) => p.isBot);
    }
    for (let i = bots.length; i < wanted; i++) this.addPlayer(true, this.smallerSide());
  }

  /** What mp_restartgame and a fresh match do: scores, rounds and every player's stats go. */
  resetStats(): void {
    this.players = this.players.filter((p) => p.connected);
    for (const p of this.players) {
      p.stats = emptyStats();
      p.roundKills = 0;
      p.lastWeaponUsed = "";
    }
  }

  changeMap(map: string): void {
    this.map = map;
    this.resetStats();
    this.match = freshMatch();
    for (const p of this.players) p.alive = p.side !== "SPEC";
    this.emit({ type: "newMatch" });
  }

  /** A player types in chat (their name is what the chat log shows). */
  playerSay(player: SimPlayer, message: string, team = false): void {
    this.say(message, player.name);
    this.emit({ type: "chat", player, message, team });
  }

  say(message: string, name = "Console"): void {
    this.chat.push({ at: this.clock.iso(), name, message });
    if (this.chat.length > CHAT_LOG_LIMIT) this.chat.splice(0, this.chat.length - CHAT_LOG_LIMIT);
  }

  wirePlayers(): WirePlayers {
    const now = this.now;
    const wire = (ps: SimPlayer[]) => ps.map((p) => toWirePlayer(p, now));
    return {
      terrorists: wire(this.onSide("T")),
      counterTerrorists: wire(this.onSide("CT")),
      spectators: wire(this.onSide("SPEC")),
      offline: wire(this.players.filter((p) => !p.connected)),
    };
  }

  allWirePlayers() {
    const now = this.now;
    return this.players.map((p) => toWirePlayer(p, now));
  }

  wireMatch(): WireMatch {
    return {
      serverName: this.cvars.get("hostname"),
      mapName: this.map,
      scoreCT: this.match.scoreCT,
      scoreT: this.match.scoreT,
      playersOnline: this.connected().length,
      roundPhase: this.match.phase,
      gameMode: this.mode,
      round: this.match.round,
      maxRounds: this.maxRounds,
      teamCT: this.teamName(this.match.team1Side === "CT" ? 1 : 2),
      teamT: this.teamName(this.match.team1Side === "CT" ? 2 : 1),
      ...clocks(this),
      tvPort: this.tvPort(),
      health: this.wireHealth(),
      lastMap: this.lastMap,
    };
  }

  /** `/match`'s health block: what a plugin reads from the engine (`status`, `stats`). */
  wireHealth(): WireHealth {
    const fps = serverFps(this);
    return {
      version: this.version,
      uptimeSec: Math.floor((this.now - this.startedAt) / 1000),
      fps,
      frameMs: Math.round((1000 / fps / 8) * 100) / 100,
      links: this.connected()
        .filter((p) => !p.isBot)
        .map((p) => ({ name: p.name, ping: p.ping, loss: 0 })),
    };
  }

  /** The port GOTV broadcasts on while `tv_enable` is on; null while it is off. */
  tvPort(): number | null {
    return this.cvars.bool("tv_enable") ? this.cvars.int("tv_port") : null;
  }

  /** `mp_teamname_N` as the game shows it: "" when unset. */
  private teamName(team: 1 | 2): string {
    return this.cvars.get(`mp_teamname_${team}`);
  }

  wireSummary(): WireSummary {
    const sum = (f: (p: SimPlayer) => number) => this.players.reduce((n, p) => n + f(p), 0);
    return {
      totalPlayers: this.players.length,
      totalKills: sum((p) => p.stats.kills),
      totalDeaths: sum((p) => p.stats.deaths),
      totalDamage: sum((p) => p.stats.totalDamage),
      totalBombsPlanted: sum((p) => p.stats.bombPlants),
      totalBombsDefused: sum((p) => p.stats.bombDefuses),
    };
  }

  wireStatus(): WireStatus {
    return {
      status: "Online",
      timestamp: this.clock.iso(),
      serverName: this.cvars.get("hostname"),
      mapName: this.map,
      playersOnline: this.connected().length,
      maxPlayers: this.maxPlayers,
      passwordProtected: this.cvars.get("sv_password") !== "",
    };
  }

  /** Players spawn at once only outside a live round, as in CS. */
  private canSpawn(): boolean {
    const phase = this.match.pausedFrom ?? this.match.phase;
    return phase === "warmup" || phase === "freezetime";
  }

  private uniqueSteamId(): string {
    for (;;) {
      const id = randomSteamId(this.rng);
      if (!this.find(id)) return id;
    }
  }

  private uniqueName(pool: readonly string[]): string {
    const taken = new Set(this.players.map((p) => p.name));
    const free = pool.filter((n) => !taken.has(n));
    if (free.length > 0) return this.rng.pick(free);
    const base = this.rng.pick(pool);
    let i = 2;
    while (taken.has(`${base} (${i})`)) i++;
    return `${base} (${i})`;
  }
}
