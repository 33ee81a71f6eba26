/**
 * `npx tsx dev/bench/log-pacing.ts [--json]`: what CS2's log would cost one server per hour of
 * play at the pace real servers write it. CS2 POSTs whenever lines wait and no POST is under way,
 * so the panel's answer time decides how many POSTs a match makes; each POST is one HTTP action
 * and one mutation, and the action is billed for the time until it answers. The line times are
 * the real logs' own (../shared/realdata/cs2-log/, from Match_Start to Game Over); the simulator's
 * log (section 6 of `npm run bench`) writes a tick's lines at once, so it POSTs less often than a
 * real server. The two file logs stamp whole seconds, so below a second's answer they undercount
 * (a real server could POST several times within one of their seconds).
 */
import { readFileSync } from "node:fs";
import path from "node:path";

const REAL = path.resolve(import.meta.dirname, "../../../shared/realdata/cs2-log");
const LOGS = [
  "seatlon-0f870999-de_inferno.log",
  "seatlon-de345abb-de_mirage.log",
  "seatlon-test-http-dathost.log",
];
/** Answer times looked at: today's (about 0.4 s, measured by `npm run bench`) and held answers. */
export const ANSWER_MS = [400, 1000, 2000, 3000, 5000];

const STAMP =
  /^(?:L )?(\d{2})\/(\d{2})\/(\d{4}) - (\d{2}):(\d{2}):(\d{2})(?:\.(\d{3}))?(?: - |: )(.*)$/;

/** The times (ms) of a log's lines from its first map's Match_Start to its Game Over. */
export function playTimes(text: string): number[] {
  const all: { at: number; line: string }[] = [];
  for (const raw of text.split("\n")) {
    const m = STAMP.exec(raw.replace(/\r$/, ""));
    if (!m) continue;
    const at = Date.UTC(+m[3]!, +m[1]! - 1, +m[2]!, +m[4]!, +m[5]!, +m[6]!, +(m[7] ?? 0));
    all.push({ at, line: m[8]! });
  }
  const over = all.findIndex((l) => l.line.startsWith("Game Over:"));
  if (over < 0) return [];
  let start = over;
  while (start > 0 && !all[start]!.line.startsWith('World triggered "Match_Start"')) start--;
  return all.slice(start, over + 1).map((l) => l.at);
}

/** How many POSTs CS2 makes for lines logged at `times` when each POST is answered in `answerMs`. */
export function postsOf(times: number[], answerMs: number): number {
  let posts = 0;
  let busyUntil = -Infinity;
  let i = 0;
  while (i < times.length) {
    const sentAt = Math.max(times[i]!, busyUntil);
    while (i < times.length && times[i]! <= sentAt) i++;
    posts++;
    busyUntil = sentAt + answerMs;
  }
  return posts;
}

export interface Pacing {
  log: string;
  minutes: number;
  lines: number;
  byAnswer: {
    answerMs: number;
    postsPerHour: number;
    callsPerHour: number;
    actionSecondsPerHour: number;
  }[];
}

export function pacingOf(log: string, text: string): Pacing {
  const times = playTimes(text);
  const hours = times.length > 1 ? (times.at(-1)! - times[0]!) / 3_600_000 : 0;
  return {
    log,
    minutes: Math.round(hours * 600) / 10,
    lines: times.length,
    byAnswer: ANSWER_MS.map((answerMs) => {
      const posts = hours > 0 ? postsOf(times, answerMs) / hours : 0;
      return {
        answerMs,
        postsPerHour: Math.round(posts),
        callsPerHour: Math.round(posts * 2),
        actionSecondsPerHour: Math.round((posts * answerMs) / 1000),
      };
    }),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const results = LOGS.map((log) => pacingOf(log, readFileSync(path.join(REAL, log), "utf8")));
  if (process.argv.includes("--json")) console.log(JSON.stringify(results));
  else {
    for (const r of results) {
      console.log(`${r.log}: ${r.lines} lines in ${r.minutes} min of play`);
      for (const a of r.byAnswer) {
        console.log(
          `  answered in ${a.answerMs / 1000} s: ${a.postsPerHour} POSTs/h, ${a.callsPerHour} calls/h, ${a.actionSecondsPerHour} action s/h`,
        );
      }
    }
  }
}
