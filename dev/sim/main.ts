/**
 * `npm run sim`: two simulated CS2 servers, the RCON proxy and the control API.
 * Flags (or env): --base-port (SIM_BASE_PORT), --host (SIM_HOST), --seed (SIM_SEED),
 * --tick-ms (SIM_TICK_MS), --downtime-ms (SIM_DOWNTIME_MS), --proxy-port, --control-port.
 */
import { parseArgs } from "node:util";
import { SIM_DEFAULTS } from "./defaults";
import { startSimulator } from "./simulator";

const { values } = parseArgs({
  options: {
    "base-port": { type: "string" },
    host: { type: "string" },
    seed: { type: "string" },
    "tick-ms": { type: "string" },
    "downtime-ms": { type: "string" },
    "proxy-port": { type: "string" },
    "control-port": { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});

if (values.help) {
  console.log(
    "Usage: npm run sim -- [--base-port 27000] [--host 127.0.0.1] [--seed 42] [--tick-ms 1000]\n" +
      "                      [--downtime-ms 3000] [--proxy-port N] [--control-port N]",
  );
  process.exit(0);
}

function num(
  flag: string | undefined,
  env: string | undefined,
  fallback?: number,
): number | undefined {
  const text = flag ?? env;
  if (text === undefined || text === "") return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`Invalid number: ${text}`);
    process.exit(2);
  }
  return n;
}

const env = process.env;
const proxyPort = num(values["proxy-port"], env.SIM_PROXY_PORT);
const controlPort = num(values["control-port"], env.SIM_CONTROL_PORT);
const host = values.host ?? env.SIM_HOST ?? SIM_DEFAULTS.host;
const sim = await startSimulator({
  host,
  basePort: num(values["base-port"], env.SIM_BASE_PORT, SIM_DEFAULTS.basePort),
  seed: num(values.seed, env.SIM_SEED, SIM_DEFAULTS.seed),
  tickMs: num(values["tick-ms"], env.SIM_TICK_MS, SIM_DEFAULTS.tickMs),
  downtimeMs: num(values["downtime-ms"], env.SIM_DOWNTIME_MS, SIM_DEFAULTS.downtimeMs),
  ...(proxyPort !== undefined ? { proxyPort } : {}),
  ...(controlPort !== undefined ? { controlPort } : {}),
  log: (message) => console.error(`[sim] ${message}`),
});

console.log("CS2 game-server simulator running");
for (const s of sim.servers) {
  console.log(
    `  ${s.id}  plugin API ${s.apiUrl}  (X-API-Key: ${s.config.apiKey})\n` +
      `           RCON tcp://${host}:${s.rconPort}  (password: ${s.config.rconPassword})  map ${s.world.map}`,
  );
}
console.log(`  RCON proxy   ${sim.proxyUrl}/rcon/{status,match,summary,players,command}`);
console.log(`  control API  ${sim.controlUrl}`);
console.log("Ctrl+C to stop.");

let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping simulator`);
  sim.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on("SIGINT", () => shutdown("SIGINT"));
process.on("SIGTERM", () => shutdown("SIGTERM"));
