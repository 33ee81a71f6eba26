/**
 * `npm test`: the whole suite as two vitest runs side by side. Browser tests go two files at a time
 * (each starts a demo stack and a browser) and mostly wait on them; the unit, convex-test and
 * simulator tests run two workers meanwhile; the timing tests then run alone. In one vitest run the browser files would only
 * start once every other file has finished, since vitest runs a project without file parallelism
 * in a group of its own, after the rest.
 *
 * With arguments (`npm test -- convex/foo.test.ts`) it is plain `vitest run <args>`.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const VITEST = ["node_modules/vitest/vitest.mjs", "run"];

interface Lane {
  label: string;
  args: string[];
}

function run({ label, args }: Lane, prefix: boolean): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...VITEST, ...args], {
      stdio: ["ignore", "pipe", "pipe"],
      env: process.env,
    });
    // Lines, not chunks: the two lanes' output interleaves by whole lines, each marked.
    const pipe = (from: NodeJS.ReadableStream, to: NodeJS.WriteStream) =>
      createInterface({ input: from }).on("line", (line) =>
        to.write(prefix ? `[${label}] ${line}\n` : `${line}\n`),
      );
    pipe(child.stdout, process.stdout);
    pipe(child.stderr, process.stderr);
    child.on("error", (error) => {
      process.stderr.write(`[${label}] could not start vitest: ${error.message}\n`);
      resolve(1);
    });
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main() {
  const extra = process.argv.slice(2);
  if (extra.length > 0) process.exit(await run({ label: "vitest", args: extra }, false));

  const lanes: Lane[] = [
    // Two browser files at a time: they mostly wait on pages and game clocks (one alone left the
    // machine at load 1–1.5 for 630 s).
    { label: "browser", args: ["--project", "e2e", "--maxWorkers=2"] },
    // Two workers: the browser lane mostly waits on its pages and game clocks (it serves a
    // production build, so it no longer compiles modules), and vitest's default on two cores is one.
    {
      label: "unit",
      args: ["--project", "convex", "--project", "web", "--project", "node", "--maxWorkers=2"],
    },
  ];
  const codes = await Promise.all(lanes.map((lane) => run(lane, true)));
  // Deadlines a deployment must keep (a healthy server's cadence beside twenty silent ones, a turn
  // clock while the fleet hangs): after the rest, so the suite's own load is not what they
  // measure. Their two files side by side: each mostly waits on its clocks and hanging sockets.
  const timing: Lane = { label: "timing", args: ["--project", "timing", "--maxWorkers=2"] };
  codes.push(await run(timing, true));
  [...lanes, timing].forEach((lane, i) =>
    process.stdout.write(`${lane.label}: ${codes[i] === 0 ? "passed" : `FAILED (${codes[i]})`}\n`),
  );
  process.exit(codes.some((c) => c !== 0) ? 1 : 0);
}

void main();
