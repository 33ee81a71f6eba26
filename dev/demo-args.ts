/**
 * Command line of `npm run demo`: flags, their environment equivalents and the usage text.
 * Pure (no I/O), so a bad value becomes a DemoUsageError with a message the CLI prints before
 * exiting with code 2.
 */
import { parseArgs } from "node:util";
import { SIM_CONTROL_OFFSET, SIM_PROXY_OFFSET, SIM_SERVERS } from "./sim/defaults";

export const DEMO_DEFAULT_PORTS = { web: 5173, backend: 3210, simBase: 27000 } as const;

export const DEMO_USAGE = `Usage: npm run demo -- [options]

Starts the game-server simulator, the in-memory Convex backend and the web app, all offline.

Options (a flag wins over its environment variable):
  --web-port N        DEMO_WEB_PORT      web app (default 5173)
  --backend-port N    DEMO_BACKEND_PORT  in-memory Convex: sync on N, HTTP actions on N+1
                                         (default 3210)
  --sim-base-port N   SIM_BASE_PORT      simulator: plugin APIs N+1, N+2, N+3, RCON N+15, N+16,
                                         N+17, RCON proxy N+80, control API N+90 (default 27000)
  --ephemeral         DEMO_EPHEMERAL=1   OS-assigned free ports for every service not set above
  -h, --help                             this help

Examples:
  npm run demo -- --ephemeral
  npm run demo -- --web-port 8080 --sim-base-port 28000
  DEMO_EPHEMERAL=1 npm run demo`;

export class DemoUsageError extends Error {
  override name = "DemoUsageError";
}

export interface DemoCliOptions {
  help: boolean;
  ephemeral: boolean;
  webPort?: number;
  backendPort?: number;
  simBasePort?: number;
}

type Env = Record<string, string | undefined>;

/** The highest simulator port offset from the base port. */
const SIM_MAX_OFFSET = Math.max(
  SIM_CONTROL_OFFSET,
  SIM_PROXY_OFFSET,
  ...SIM_SERVERS.flatMap((s) => [s.httpOffset, s.rconOffset]),
);

function port(
  flag: string,
  flagValue: string | undefined,
  envName: string,
  env: Env,
  max: number,
): number | undefined {
  const fromFlag = flagValue !== undefined;
  const text = fromFlag ? flagValue : env[envName];
  if (text === undefined || (!fromFlag && text === "")) return undefined;
  const n = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > max) {
    const source = fromFlag ? flag : envName;
    throw new DemoUsageError(
      `${source} must be a port number from 1 to ${max}, got "${text}".` +
        (n === 0 ? " For OS-assigned ports use --ephemeral." : ""),
    );
  }
  return n;
}

function envFlag(name: string, env: Env): boolean {
  const text = (env[name] ?? "").trim().toLowerCase();
  if (["", "0", "false", "no"].includes(text)) return false;
  if (["1", "true", "yes"].includes(text)) return true;
  throw new DemoUsageError(`${name} must be 1 or 0, got "${env[name]}".`);
}

/** Parses `argv` (without node and the script) and the environment; throws DemoUsageError. */
export function parseDemoArgs(argv: string[], env: Env = {}): DemoCliOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        "web-port": { type: "string" },
        "backend-port": { type: "string" },
        "sim-base-port": { type: "string" },
        ephemeral: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== "string" || !code.startsWith("ERR_PARSE_ARGS_")) throw error;
    // parseArgs' own messages are clear ("Unknown option '--x'"); drop its generic advice.
    const message = (error as Error).message.split(". To specify")[0]!;
    throw new DemoUsageError(/[.?!]$/.test(message) ? message : `${message}.`);
  }
  if (values.help) return { help: true, ephemeral: false };

  const options: DemoCliOptions = {
    help: false,
    ephemeral: values.ephemeral === true || envFlag("DEMO_EPHEMERAL", env),
    webPort: port("--web-port", values["web-port"], "DEMO_WEB_PORT", env, 65535),
    backendPort: port("--backend-port", values["backend-port"], "DEMO_BACKEND_PORT", env, 65534),
    simBasePort: port(
      "--sim-base-port",
      values["sim-base-port"],
      "SIM_BASE_PORT",
      env,
      65535 - SIM_MAX_OFFSET,
    ),
  };
  checkOverlaps(options);
  return options;
}

/** Two services on one fixed port would fail later with EADDRINUSE; say which settings clash. */
function checkOverlaps(o: DemoCliOptions) {
  const used = new Map<number, string>();
  const claim = (n: number, what: string) => {
    const other = used.get(n);
    if (other) throw new DemoUsageError(`Port ${n} would be used twice: ${other} and ${what}.`);
    used.set(n, what);
  };
  const fixed = (explicit: number | undefined, fallback: number) =>
    explicit ?? (o.ephemeral ? undefined : fallback);
  const web = fixed(o.webPort, DEMO_DEFAULT_PORTS.web);
  const backend = fixed(o.backendPort, DEMO_DEFAULT_PORTS.backend);
  const sim = fixed(o.simBasePort, DEMO_DEFAULT_PORTS.simBase);
  if (web !== undefined) claim(web, "the web app (--web-port)");
  if (backend !== undefined) {
    claim(backend, "the backend (--backend-port)");
    claim(backend + 1, "the backend's HTTP actions (--backend-port + 1)");
  }
  if (sim !== undefined) {
    for (const s of SIM_SERVERS) {
      claim(
        sim + s.httpOffset,
        `the simulator's ${s.id} plugin API (--sim-base-port + ${s.httpOffset})`,
      );
      claim(sim + s.rconOffset, `the simulator's ${s.id} RCON (--sim-base-port + ${s.rconOffset})`);
    }
    claim(sim + SIM_PROXY_OFFSET, `the RCON proxy (--sim-base-port + ${SIM_PROXY_OFFSET})`);
    claim(
      sim + SIM_CONTROL_OFFSET,
      `the simulator control API (--sim-base-port + ${SIM_CONTROL_OFFSET})`,
    );
  }
}
