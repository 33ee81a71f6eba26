/**
 * CS2's HTTP log on a simulated server: after `log on` and `logaddress_add_http "<url>"` it POSTs
 * its log lines (log-narrator.ts writes them, in CS2's forms and at a real server's volume) the
 * way CS2's dispatcher does (convex/model/serverLog/parse.ts says where that is from):
 *
 * - each line `MM/DD/YYYY - HH:MM:SS.mmm - <line>\n`, the time of the simulation's clock (UTC);
 * - per listener one POST under way at a time, `Content-Type: text/plain`, carrying every line not
 *   yet acknowledged (up to 250 KB); lines logged meanwhile wait for the next POST;
 * - only 200 acknowledges: after any other answer or no answer the same lines are sent again (CS2
 *   retries on its next frame; the simulator waits RETRY_MS so a refusing panel is not flooded);
 *   410 removes the listener;
 * - headers `X-Server-Addr`, `X-Timestamp`, `X-Tick-Start`, `X-Tick-End`, `X-SteamID`,
 *   `X-Server-Instance-Token`, and CS2's `X-Game-Map`, `X-Game-ScoreCT`, `X-Game-ScoreT`.
 *
 * Nothing is recorded while logging is off or before a listener exists (CS2's default,
 * `sv_log_http_record_before_any_listeners 0`). `logaddress_delall_http` removes every listener.
 */
import type http from "node:http";
import { LogNarrator } from "./log-narrator";
import { postOnce } from "./outbound-post";
import { Rng } from "./rng";
import { type GameWorld } from "./world";

/** CS2's per-POST timeout (`SetHTTPRequestNetworkActivityTimeout`, 10 s). */
export const HTTP_LOG_TIMEOUT_MS = 10_000;
/** CS2 stops adding waiting lines to a POST once it holds this many bytes. */
const MAX_BATCH_BYTES = 250 * 1000;
/** The simulator's pause after a refused or failed POST before it sends the lines again. */
const RETRY_MS = 1000;
/** Lines kept per listener while the panel does not acknowledge them (CS2 keeps a map's log). */
const MAX_QUEUED_LINES = 20_000;

interface Listener {
  url: string;
  queue: string[];
  busy: boolean;
  sent: number;
  /** Lines acknowledged, and the time the POSTs took (ms, send to answer): the bench reads them. */
  lines: number;
  postMs: number;
  failed: number;
  /** Answers of the last POSTs, newest last (tests read them). */
  statuses: number[];
}

export interface ServerHttpLogOptions {
  /** `host:port` for `X-Server-Addr`. */
  serverAddr: () => string;
  /** The server's seed: the log's own dice start from it. */
  seed: number;
  timeoutMs?: number;
  log?: (message: string) => void;
}

function two(n: number): string {
  return String(n).padStart(2, "0");
}

/** CS2's log timestamp: `MM/DD/YYYY - HH:MM:SS.mmm` (the simulator keeps UTC). */
export function logTimestamp(ms: number): string {
  const d = new Date(ms);
  return `${two(d.getUTCMonth() + 1)}/${two(d.getUTCDate())}/${d.getUTCFullYear()} - ${two(
    d.getUTCHours(),
  )}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}.${String(d.getUTCMilliseconds()).padStart(3, "0")}`;
}

export class ServerHttpLog {
  private logging = false;
  private readonly listeners: Listener[] = [];
  private readonly rng: Rng;
  private readonly requests = new Set<http.ClientRequest>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly timeoutMs: number;
  private readonly instanceToken: string;
  private tick = 0;
  private stopped = false;

  private readonly narrator: LogNarrator;

  constructor(
    private readonly world: GameWorld,
    private readonly options: ServerHttpLogOptions,
  ) {
    // Its own dice: the log's extra flags never change how a seeded match plays.
    this.rng = new Rng(options.seed ^ 0x10c0);
    this.instanceToken = this.rng.int(0x10000000, 0x7fffffff).toString(16).padStart(16, "0");
    this.timeoutMs = options.timeoutMs ?? HTTP_LOG_TIMEOUT_MS;
    this.narrator = new LogNarrator(
      world,
      this.rng,
      (line) => this.write(line),
      new Rng(options.seed ^ 0x4e90),
    );
    world.onMatchEvent((event) => this.narrator.onMatchEvent(event));
  }

  /** The listeners' URLs and counts (control API, tests). */
  get state() {
    return {
      logging: this.logging,
      listeners: this.listeners.map(({ url, queue, sent, failed, statuses, lines, postMs }) => ({
        url,
        waiting: queue.length,
        sent,
        lines,
        postMs,
        failed,
        lastStatus: statuses.at(-1) ?? null,
      })),
    };
  }

  /**
   * The console's log commands; null for any other command. `log` prints the state like CS2
   * ("Server logging enabled."), the listener commands print nothing on success.
   */
  command(name: string, args: string[]): string | null {
    switch (name) {
      case "log": {
        const arg = (args[0] ?? "").toLowerCase();
        if (arg === "on" || arg === "1") this.logging = true;
        else if (arg === "off" || arg === "0") this.logging = false;
        else if (arg !== "") return "Usage:  log < on | off >";
        return `Server logging ${this.logging ? "enabled" : "disabled"}.`;
      }
      case "logaddress_add_http": {
        if (args.length !== 1) {
          return 'logaddress_add_http: Invalid parameters, must be URI of a listener to receive logs wrapped in quotes, eg "http://127.0.0.1:3001"';
        }
        const url = args[0]!;
        if (!this.listeners.some((l) => l.url === url)) {
          this.listeners.push({
            url,
            queue: [],
            busy: false,
            sent: 0,
            failed: 0,
            statuses: [],
            lines: 0,
            postMs: 0,
          });
        }
        return "";
      }
      case "logaddress_delall_http":
        this.listeners.splice(0);
        return "";
      case "logaddress_list_http":
        return this.listeners
          .map((l) => `${l.url} - ${l.busy ? "has" : "no"} pending request`)
          .join("\n");
      default:
        return null;
    }
  }

  /** CS2's log line for an RCON command it ran (`from`: the client's `ip:port`). */
  rconEcho(from: string, command: string): void {
    this.narrator.rconEcho(from, command);
  }

  /**
   * Resolves once the lines written so far have been posted (or failed) and no POST is under way.
   * An answered POST sends the lines that waited meanwhile from a timer of its own, so a listener
   * the panel answers is waited for until it has acknowledged every line written before this call
   * (lines written later, by a running clock, are not waited for); one it refuses is retried later
   * and not waited for.
   */
  async settled(): Promise<void> {
    const targets = new Map(this.listeners.map((l) => [l, l.lines + l.queue.length]));
    const behind = (l: Listener) =>
      this.listeners.includes(l) &&
      l.lines < (targets.get(l) ?? 0) &&
      (l.statuses.length === 0 || l.statuses.at(-1) === 200);
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (this.inFlight.size > 0) {
        await Promise.allSettled([...this.inFlight]);
        continue;
      }
      if (this.stopped || ![...targets.keys()].some(behind)) return;
    }
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    for (const req of this.requests) req.destroy(new Error("simulator stopped"));
  }

  /** One line for every listener, sent with the next POST (lines of the same moment together). */
  private write(line: string): void {
    if (!this.logging || this.listeners.length === 0 || this.stopped) return;
    const text = `${logTimestamp(this.world.now)} - ${line}\n`;
    for (const listener of this.listeners) {
      listener.queue.push(text);
      if (listener.queue.length > MAX_QUEUED_LINES) listener.queue.shift();
      this.later(listener, 0);
    }
  }

  private later(listener: Listener, ms: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.flush(listener);
    }, ms);
    this.timers.add(timer);
  }

  private flush(listener: Listener): void {
    if (listener.busy || listener.queue.length === 0 || this.stopped) return;
    if (!this.listeners.includes(listener)) return;
    let bytes = 0;
    let count = 0;
    while (count < listener.queue.length && bytes < MAX_BATCH_BYTES) {
      bytes += Buffer.byteLength(listener.queue[count]!);
      count++;
    }
    const body = listener.queue.slice(0, count).join("");
    const tickStart = this.tick + 1;
    this.tick += count;
    listener.busy = true;
    const m = this.world.match;
    const started = performance.now();
    const delivery = postOnce({
      url: listener.url,
      headers: {
        "Content-Type": "text/plain",
        "User-Agent": "Valve/Steam HTTP Client 1.0 (730)",
        "X-Server-Addr": this.options.serverAddr(),
        "X-Timestamp": logTimestamp(this.world.now),
        "X-Tick-Start": String(tickStart),
        "X-Tick-End": String(this.tick),
        "X-SteamID": "[G:1:1234567]",
        "X-Server-Instance-Token": this.instanceToken,
        "X-Game-Map": this.world.map,
        "X-Game-ScoreCT": String(m.scoreCT),
        "X-Game-ScoreT": String(m.scoreT),
      },
      body,
      timeoutMs: this.timeoutMs,
      requests: this.requests,
    })
      .then(
        ({ status }) => status,
        (error: unknown) => {
          this.options.log?.(`HTTP log to ${listener.url} failed: ${String(error)}`);
          return 0;
        },
      )
      .then((status) => {
        listener.busy = false;
        listener.postMs += performance.now() - started;
        listener.statuses.push(status);
        if (listener.statuses.length > 50) listener.statuses.shift();
        if (status === 200) {
          listener.sent++;
          listener.lines += count;
          listener.queue.splice(0, count);
        } else listener.failed++;
        if (status === 410) {
          const at = this.listeners.indexOf(listener);
          if (at >= 0) this.listeners.splice(at, 1);
          return;
        }
        if (listener.queue.length > 0) this.later(listener, status === 200 ? 0 : RETRY_MS);
      });
    this.inFlight.add(delivery);
    void delivery.finally(() => this.inFlight.delete(delivery));
  }
}
