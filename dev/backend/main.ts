/**
 * CLI: `npm run backend -- [--convex-dir convex] [--port 3210] [--http-port 3211] [--host 127.0.0.1]
 *   [--seed seed:defaults] [--seed-args '{"k":1}'] [--no-crons] [--quiet]
 *   [--scheduled-slots 8] [--no-occ]`
 * Serves the project's convex/ in memory; point the web app at the printed URL (VITE_CONVEX_URL).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import type { Value } from "convex/values";
import { startBackend } from "./server";

const { values } = parseArgs({
  options: {
    "convex-dir": { type: "string", default: path.resolve(import.meta.dirname, "../../convex") },
    port: { type: "string", default: "3210" },
    "http-port": { type: "string", default: "3211" },
    host: { type: "string", default: "127.0.0.1" },
    seed: { type: "string" },
    "seed-args": { type: "string", default: "{}" },
    "no-crons": { type: "boolean", default: false },
    quiet: { type: "boolean", default: false },
    "scheduled-slots": { type: "string", default: "8" },
    "no-occ": { type: "boolean", default: false },
  },
});

const slots = Number(values["scheduled-slots"]);
if (!Number.isInteger(slots) || slots < 0) {
  console.error("[backend] --scheduled-slots takes a whole number (0: no limit)");
  process.exit(2);
}

// A bug in one function must not end a dev session; the error is logged and serving continues.
process.on("unhandledRejection", (e) => console.error("[backend] unhandled rejection:", e));
process.on("uncaughtException", (e) => console.error("[backend] uncaught exception:", e));

const backend = await startBackend({
  convexDir: values["convex-dir"],
  port: Number(values.port),
  httpPort: Number(values["http-port"]),
  host: values.host,
  seed: values.seed
    ? { path: values.seed, args: JSON.parse(values["seed-args"]) as Record<string, Value> }
    : undefined,
  crons: !values["no-crons"],
  concurrency: { scheduledSlots: slots, occ: !values["no-occ"] },
  log: values.quiet
    ? (line) => void (/failed|rejected|error/i.test(line) && console.log(`[backend] ${line}`))
    : true,
});

console.log(`In-memory Convex backend ready.
  Deployment URL (VITE_CONVEX_URL): ${backend.url}
  HTTP actions (site URL):          ${backend.siteUrl}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    const c = backend.counts();
    console.log(`\n[backend] stopping; function calls: ${JSON.stringify(c)}`);
    void backend.stop().finally(() => process.exit(0));
  });
}
