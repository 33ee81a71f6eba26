/**
 * `npm run demo` as a newcomer drives it: a real process with OS-assigned ports, its printed URLs
 * and curl examples, and a SIGTERM that must leave no process of its group behind.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
/** Start-up compiles the app's modules on two busy cores; these bound a hang, not a normal run. */
const DEMO_TEST_TIMEOUT_MS = 240_000;
/** A refused start still loads dev/demo.ts and its imports (Vite, the backend) first. */
const CLI_TEST_TIMEOUT_MS = 60_000;

/** The environment of a plain shell: no demo settings, no test-runner variables. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(DEMO_|SIM_|VITE|VITEST|TEST$|NODE_ENV$|CI$)/.test(key)) continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

interface Run {
  child: ChildProcess;
  /** Everything written to stdout / stderr so far. */
  out: () => string;
  err: () => string;
  /** Resolves when the process exits. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves when every process holding the stdout and stderr pipes has exited or closed them. */
  pipesClosed: Promise<void>;
}

function run(command: string, args: string[], env = cleanEnv()): Run {
  // detached: its own process group (pgid = pid), so the test can find every descendant.
  const child = spawn(command, args, { cwd: root, env, detached: true, stdio: "pipe" });
  child.stdin.end();
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString("utf8")));
  const closed = (stream: NodeJS.ReadableStream) =>
    new Promise<void>((resolve) => stream.once("close", () => resolve()));
  return {
    child,
    out: () => out,
    err: () => err,
    exited: new Promise((resolve) => {
      child.once("exit", (code, signal) => resolve({ code, signal }));
    }),
    pipesClosed: Promise.all([closed(child.stdout), closed(child.stderr)]).then(() => undefined),
  };
}

function runDemo(args: string[], env?: NodeJS.ProcessEnv): Run {
  // What `npm run demo` runs (package.json), without npm in between.
  return run(process.execPath, ["--import", "tsx", "dev/demo.ts", ...args], env);
}

/** Resolves with stdout once the "Demo ready" banner is complete; rejects if the demo exits first. */
function waitForBanner(demo: Run): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (/Demo ready\.[\s\S]*stops everything\./.test(demo.out())) {
        demo.child.stdout?.off("data", check);
        resolve(demo.out());
      }
    };
    demo.child.stdout?.on("data", check);
    void demo.exited.then(({ code, signal }) =>
      reject(
        new Error(
          `the demo exited (${code ?? signal}) before it was ready\n${demo.out()}\n${demo.err()}`,
        ),
      ),
    );
    check();
  });
}

function field(banner: string, pattern: RegExp): string {
  const m = pattern.exec(banner);
  if (!m?.[1]) throw new Error(`${String(pattern)} not found in the banner:\n${banner}`);
  return m[1];
}

/** Live processes (zombies excluded) whose process group is `pgid`. */
function groupMembers(pgid: number): string[] {
  if (!existsSync("/proc/self/stat")) {
    try {
      process.kill(-pgid, 0);
      return [`(some process of group ${pgid})`];
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ESRCH") return [];
      throw error;
    }
  }
  const members: string[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // exited meanwhile
    }
    // pid (comm) state ppid pgrp ...; comm may contain spaces and parentheses.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(pgrp) === pgid && state !== "Z") members.push(`${entry} ${stat.slice(0, 80)}`);
  }
  return members;
}

/**
 * The group's members once it has emptied, or what is left after `withinMs`. Called after the
 * demo's exit and the close of its pipes, so anything still there is a leak on its way out or not.
 */
async function groupAfterExit(pgid: number, withinMs = 10_000): Promise<string[]> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const members = groupMembers(pgid);
    if (members.length === 0 || Date.now() > deadline) return members;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `promise`, or a failure naming what is still running after `ms` (instead of a silent hang). */
async function within<T>(promise: Promise<T>, ms: number, what: string, pgid: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(`${what} within ${ms} ms; still running:\n${groupMembers(pgid).join("\n")}`),
        ),
      ms,
    );
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Kills what a failed test left running. */
function cleanup(run: Run) {
  try {
    process.kill(-run.child.pid!, "SIGKILL");
  } catch {
    // already gone
  }
}

/** `curl -X METHOD URL [-d 'BODY']` lines of the banner, as fetch calls. */
function curlExamples(banner: string) {
  return [...banner.matchAll(/curl -X (\w+) (\S+)(?: -d '([^']*)')?/g)].map((m) => ({
    method: m[1]!,
    url: m[2]!,
    body: m[3],
  }));
}

describe("npm run demo", () => {
  it(
    "with --ephemeral prints working URLs and curl examples, and a SIGTERM stops every process with exit code 0",
    async () => {
      const demo = runDemo(["--ephemeral"]);
      try {
        const banner = await waitForBanner(demo);
        const webUrl = field(banner, /Panel:\s+(http:\/\/\S+)/);
        const backendUrl = field(banner, /Convex \(in memory\):\s+(http:\/\/\S+)/);
        const apiUrl = field(banner, /HTTP API:\s+(http:\/\/\S+)/);
        const controlUrl = field(banner, /Simulator control API:\s+(http:\/\/\S+\/__sim)/);
        expect(webUrl).not.toContain(":5173/");
        expect(backendUrl).not.toMatch(/:3210$/);

        const page = await fetch(webUrl);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('id="root"');
        // The app served at webUrl talks to this backend, on its OS-assigned port.
        const envModule = await (await fetch(new URL("src/config/env.ts", webUrl))).text();
        expect(envModule).toMatch(new RegExp(`"VITE_CONVEX_URL":\\s*"${backendUrl}"`));
        expect(envModule).toMatch(/"VITE_DEMO_AUTH":\s*"1"/);

        const query = await fetch(`${backendUrl}/api/query`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ path: "live:connectTargets", args: [{}] }),
        });
        expect(query.status).toBe(200);
        const targets = (await query.json()) as { status: string; value: Array<{ key: string }> };
        expect(targets.status).toBe("success");
        expect(targets.value.map((t) => t.key)).toEqual(["server1", "server2", "server3"]);
        const servers = await fetch(apiUrl);
        expect(servers.status).toBe(200);
        expect(((await servers.json()) as unknown[]).length).toBe(3);

        expect(banner).toContain('"Вхід"');
        expect(banner).toContain("admin@demo.cs2-panel.local");
        // The banner's curl examples, in order: offline, back with errors, reset.
        const examples = curlExamples(banner);
        expect(examples.map((e) => e.method)).toEqual(["PUT", "PUT", "POST"]);
        const online = async () => {
          const state = (await (await fetch(controlUrl)).json()) as {
            servers: Array<{ id: string; online: boolean }>;
          };
          return state.servers.find((s) => s.id === "server1")?.online;
        };
        const replies: unknown[] = [];
        const onlineAfter: Array<boolean | undefined> = [];
        for (const e of examples) {
          expect(e.url.startsWith(controlUrl)).toBe(true);
          const reply = await fetch(e.url, { method: e.method, body: e.body });
          expect(reply.status).toBe(200);
          replies.push(await reply.json());
          onlineAfter.push(await online());
        }
        expect(onlineAfter).toEqual([false, true, true]);
        expect(replies[1]).toMatchObject({ offline: false, errorRate: 0.5 });
        expect(replies[2]).toMatchObject({ offline: false, errorRate: 0 });

        const pgid = demo.child.pid!;
        expect(banner).toContain(`kill -TERM ${pgid}`);
        process.kill(pgid, "SIGTERM");
        const exit = await within(demo.exited, 60_000, "the demo did not exit", pgid);
        expect(exit).toEqual({ code: 0, signal: null });
        await within(demo.pipesClosed, 60_000, "its output pipes did not close", pgid);
        expect(demo.out()).toContain("Demo stopped.");
        expect(await groupAfterExit(pgid)).toEqual([]);
        expect(demo.err()).not.toMatch(/\n\s+at /); // no stack trace
      } finally {
        cleanup(demo);
      }
    },
    DEMO_TEST_TIMEOUT_MS,
  );

  it(
    "started through npm and backgrounded, stops when npm gets a SIGTERM",
    async () => {
      // npm forwards the signal to the `sh -c` running the script, which dies without passing it
      // on; the demo notices it was orphaned and stops.
      const npmCli = process.env.npm_execpath;
      const demo =
        npmCli && /npm-cli\.[cm]?js$/.test(npmCli)
          ? run(process.execPath, [npmCli, "run", "demo", "--", "--ephemeral"])
          : run("npm", ["run", "demo", "--", "--ephemeral"]);
      try {
        await waitForBanner(demo);
        const pgid = demo.child.pid!;
        process.kill(pgid, "SIGTERM");
        await within(demo.exited, 60_000, "npm did not exit", pgid); // its code reflects the signal
        // The demo process holds the pipes until it exits.
        await within(demo.pipesClosed, 60_000, "the demo did not stop", pgid);
        expect(demo.out()).toContain("Demo stopped.");
        expect(await groupAfterExit(pgid)).toEqual([]);
      } finally {
        cleanup(demo);
      }
    },
    DEMO_TEST_TIMEOUT_MS,
  );

  it(
    "rejects a bad flag value with exit code 2 and a message, without a stack trace",
    async () => {
      const demo = runDemo(["--web-port", "80a"]);
      expect(await demo.exited).toEqual({ code: 2, signal: null });
      await demo.pipesClosed;
      expect(demo.err()).toContain('--web-port must be a port number from 1 to 65535, got "80a".');
      expect(demo.err()).toContain("npm run demo -- --help");
      expect(demo.err()).not.toMatch(/\n\s+at /);
      expect(demo.out()).toBe("");
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    "rejects a bad environment value and an unknown flag the same way",
    async () => {
      const badEnv = runDemo([], cleanEnv({ DEMO_EPHEMERAL: "maybe" }));
      const unknown = runDemo(["--ephemeral", "--port", "1"]);
      expect(await badEnv.exited).toEqual({ code: 2, signal: null });
      expect(await unknown.exited).toEqual({ code: 2, signal: null });
      await Promise.all([badEnv.pipesClosed, unknown.pipesClosed]);
      expect(badEnv.err()).toContain('DEMO_EPHEMERAL must be 1 or 0, got "maybe".');
      expect(unknown.err()).toContain("Unknown option '--port'");
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    "prints its usage with --help",
    async () => {
      const demo = runDemo(["--help"]);
      expect(await demo.exited).toEqual({ code: 0, signal: null });
      await demo.pipesClosed;
      for (const flag of ["--web-port", "--backend-port", "--sim-base-port", "--ephemeral"]) {
        expect(demo.out()).toContain(flag);
      }
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
