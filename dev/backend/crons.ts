/**
 * Cron emulation (convex-test has none): reads `convex/crons.ts`'s `cronJobs()` registry and fires
 * each job on real timers. Interval, hourly/daily/weekly/monthly and 5-field cron strings (numbers,
 * `*`, lists, ranges, steps; UTC) are supported; names like MON/JAN are not and get logged.
 */
import { jsonToConvex, type JSONValue, type Value } from "convex/values";
import { encodeError } from "./protocol";
import { inRoot, realClearTimeout, realSetTimeout, type Engine } from "./engine";

type Schedule =
  | { type: "interval"; seconds?: number; minutes?: number; hours?: number }
  | { type: "cron"; cron: string }
  | { type: "hourly"; minuteUTC?: number }
  | { type: "daily"; hourUTC: number; minuteUTC?: number }
  | { type: "weekly"; dayOfWeek: string; hourUTC: number; minuteUTC?: number }
  | { type: "monthly"; day: number; hourUTC: number; minuteUTC?: number };

interface CronJob {
  name: string;
  args: JSONValue[];
  schedule: Schedule;
}

const DAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
/** setTimeout fires immediately for delays beyond 2^31-1 ms; longer waits are re-armed. */
const MAX_DELAY = 2 ** 31 - 1;

function cronString(s: Exclude<Schedule, { type: "interval" }>): string {
  const m = "minuteUTC" in s ? (s.minuteUTC ?? 0) : 0;
  switch (s.type) {
    case "cron":
      return s.cron;
    case "hourly":
      return `${m} * * * *`;
    case "daily":
      return `${m} ${s.hourUTC} * * *`;
    case "weekly":
      return `${m} ${s.hourUTC} * * ${DAYS.indexOf(s.dayOfWeek)}`;
    case "monthly":
      return `${m} ${s.hourUTC} ${s.day} * *`;
  }
}

function parseField(field: string, min: number, max: number): Set<number> {
  const out = new Set<number>();
  for (const part of field.split(",")) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) throw new Error(`unsupported cron field "${field}"`);
    const lo = m[2] === undefined ? min : Number(m[2]);
    const hi =
      m[3] !== undefined ? Number(m[3]) : m[2] === undefined || m[4] !== undefined ? max : lo;
    const step = Number(m[4] ?? 1);
    if (lo < min || hi > max || step < 1) throw new Error(`cron field "${field}" out of range`);
    for (let v = lo; v <= hi; v += step) out.add(v);
  }
  return out;
}

/** Returns a matcher for a UTC minute, following Vixie cron's day-of-month/day-of-week OR rule. */
export function parseCron(expr: string): (d: Date) => boolean {
  const f = expr.trim().split(/\s+/);
  if (f.length !== 5) throw new Error(`unsupported cron "${expr}": expected 5 fields`);
  const [min, hour, dom, mon, dow] = [
    parseField(f[0]!, 0, 59),
    parseField(f[1]!, 0, 23),
    parseField(f[2]!, 1, 31),
    parseField(f[3]!, 1, 12),
    parseField(f[4]!, 0, 7),
  ];
  if (dow.has(7)) dow.add(0);
  const dayOr = f[2] !== "*" && f[4] !== "*";
  return (d) => {
    const domOk = dom.has(d.getUTCDate());
    const dowOk = dow.has(d.getUTCDay());
    return (
      min.has(d.getUTCMinutes()) &&
      hour.has(d.getUTCHours()) &&
      mon.has(d.getUTCMonth() + 1) &&
      (dayOr ? domOk || dowOk : domOk && dowOk)
    );
  };
}

export function nextCronTime(match: (d: Date) => boolean, after: number): number {
  let t = Math.floor(after / 60_000) * 60_000 + 60_000;
  for (let i = 0; i < 366 * 24 * 60; i++, t += 60_000) if (match(new Date(t))) return t;
  throw new Error("cron expression never fires");
}

function nextDueFn(s: Schedule): (now: number) => number {
  if (s.type === "interval") {
    const ms = ((s.hours ?? 0) * 3600 + (s.minutes ?? 0) * 60 + (s.seconds ?? 0)) * 1000;
    if (!(ms > 0)) throw new Error("interval must be positive");
    return (now) => now + ms;
  }
  const match = parseCron(cronString(s));
  return (now) => nextCronTime(match, now);
}

/** Starts all jobs; returns a function that stops them. */
export async function startCrons(engine: Engine): Promise<() => void> {
  if (!engine.app.has("crons")) return () => {};
  const registry = (await engine.app.exportOf("crons"))?.["default"] as
    { crons?: Record<string, CronJob> } | undefined;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let stopped = false;
  for (const [id, job] of Object.entries(registry?.crons ?? {})) {
    let nextDue: (now: number) => number;
    try {
      nextDue = nextDueFn(job.schedule);
    } catch (e) {
      engine.log(`cron "${id}" not emulated: ${encodeError(e).message}`);
      continue;
    }
    let running = false;
    const fire = async () => {
      // Like Convex, a job still running when it is due again is skipped rather than overlapped.
      if (running) return;
      running = true;
      try {
        const args = jsonToConvex(job.args[0] ?? {}) as Record<string, Value>;
        await engine.call("any", job.name, args, { allowInternal: true, count: "cron" });
      } catch {
        // Engine.call already logged it; a failing cron must keep its schedule.
      } finally {
        running = false;
        engine.deliverDirty();
      }
    };
    const arm = (due: number) => {
      const timer = realSetTimeout(
        () =>
          inRoot(() => {
            timers.delete(timer);
            if (stopped) return;
            if (Date.now() < due) return arm(due);
            void fire();
            arm(nextDue(Date.now()));
          }),
        Math.min(Math.max(0, due - Date.now()), MAX_DELAY),
      );
      timers.add(timer);
    };
    arm(nextDue(Date.now()));
    engine.log(`cron "${id}" → ${job.name} (${JSON.stringify(job.schedule)})`);
  }
  return () => {
    stopped = true;
    for (const t of timers) realClearTimeout(t);
  };
}
