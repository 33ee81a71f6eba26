/** Fault injection settings and request counters, one set per simulated server and per proxy. */
import { isOwnKey } from "../../convex/lib/ownKey";
import { Rng } from "./rng";

export interface Faults {
  /** Added before every HTTP answer and RCON reply. */
  latencyMs: number;
  /** Share of HTTP requests answered `500 {"error":"Internal error"}`, 0..1. */
  errorRate: number;
  /** Share of HTTP answers whose JSON body is cut short, 0..1. */
  invalidJsonRate: number;
  /** Share of HTTP requests / RCON packets accepted and never answered, 0..1. */
  timeoutRate: number;
  /** Listener closed: connections are refused until it goes back online. */
  offline: boolean;
  /**
   * RCON replies split into RESPONSE_VALUE packets of at most this many body bytes, as Source
   * servers before CS2 did; 0 = one packet per reply whatever its length (CS2).
   */
  rconSplitBytes: number;
  /** Share of RCON replies cut off halfway: part of the bytes are written, then the socket closes. */
  rconDropMidReplyRate: number;
  /** Share of RCON level changes (`changelevel`, `map`, …) taken and never run nor answered, 0..1. */
  rconStallLevelChangeRate: number;
  /** Auth answered as older Source servers do: an empty RESPONSE_VALUE, then AUTH_RESPONSE. */
  rconLegacyAuth: boolean;
}

export const NO_FAULTS: Readonly<Faults> = {
  latencyMs: 0,
  errorRate: 0,
  invalidJsonRate: 0,
  timeoutRate: 0,
  offline: false,
  rconSplitBytes: 0,
  rconDropMidReplyRate: 0,
  rconStallLevelChangeRate: 0,
  rconLegacyAuth: false,
};

type RateFault =
  | "errorRate"
  | "invalidJsonRate"
  | "timeoutRate"
  | "rconDropMidReplyRate"
  | "rconStallLevelChangeRate";

export class FaultError extends Error {
  override name = "FaultError";
}

export class FaultController {
  private current: Faults = { ...NO_FAULTS };
  private readonly listeners: Array<(faults: Faults) => Promise<void> | void> = [];
  /** Separate from the world's Rng so fault dice never shift the simulated match. */
  private readonly rng: Rng;

  constructor(seed: number) {
    this.rng = new Rng(seed ^ 0x5eed);
  }

  get(): Faults {
    return { ...this.current };
  }

  /** Merges `patch` after validating it; throws FaultError on a bad value. */
  async set(patch: Partial<Faults>): Promise<Faults> {
    const next = { ...this.current };
    for (const [key, value] of Object.entries(patch)) {
      // Own keys only: `constructor` or `__proto__` in a PUT body is not a fault setting.
      if (!isOwnKey(NO_FAULTS, key)) throw new FaultError(`Unknown fault "${key}"`);
      if (key === "offline" || key === "rconLegacyAuth") {
        if (typeof value !== "boolean") throw new FaultError(`${key} must be a boolean`);
        next[key] = value;
      } else if (key === "rconSplitBytes") {
        if (
          typeof value !== "number" ||
          !(value === 0 || (Number.isInteger(value) && value >= 1 && value <= 4096))
        ) {
          throw new FaultError(
            "rconSplitBytes must be 0 or a whole number of bytes from 1 to 4096",
          );
        }
        next.rconSplitBytes = value;
      } else if (key === "latencyMs") {
        if (typeof value !== "number" || !(value >= 0 && value <= 600_000)) {
          throw new FaultError("latencyMs must be a number of ms between 0 and 600000");
        }
        next.latencyMs = value;
      } else {
        if (typeof value !== "number" || !(value >= 0 && value <= 1)) {
          throw new FaultError(`${key} must be a number between 0 and 1`);
        }
        next[key as RateFault] = value;
      }
    }
    this.current = next;
    for (const listener of this.listeners) await listener(this.get());
    return this.get();
  }

  reset(): Promise<Faults> {
    return this.set({ ...NO_FAULTS });
  }

  onChange(listener: (faults: Faults) => Promise<void> | void): void {
    this.listeners.push(listener);
  }

  roll(kind: RateFault): boolean {
    const p = this.current[kind];
    return p >= 1 || this.rng.chance(p);
  }
}

export interface CounterSnapshot {
  total: number;
  http: number;
  rcon: number;
  byEndpoint: Record<string, number>;
  since: string;
}

/**
 * Requests by endpoint key: `GET /api/players/:steamId` for HTTP, `RCON auth` / `RCON exec <cmd>`
 * for RCON. Counted on arrival, so faulted requests count too (that is what benchmarks need).
 */
export class Counters {
  private counts = new Map<string, number>();
  private since = new Date();

  inc(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  snapshot(): CounterSnapshot {
    let http = 0;
    let rcon = 0;
    for (const [key, n] of this.counts) {
      if (key.startsWith("RCON ")) rcon += n;
      else http += n;
    }
    return {
      total: http + rcon,
      http,
      rcon,
      byEndpoint: Object.fromEntries([...this.counts].sort(([a], [b]) => a.localeCompare(b))),
      since: this.since.toISOString(),
    };
  }

  reset(): void {
    this.counts = new Map();
    this.since = new Date();
  }
}
