/**
 * What the seeded benches (audit.ts, reads.ts) put in the in-memory backend before they read:
 * four disabled servers, an admin to read as, and audit entries spread so that every filter value
 * occurs evenly and none is clustered in time.
 */
import path from "node:path";
import type { Id } from "../../convex/_generated/dataModel";
import type { MutationCtx } from "../../convex/_generated/server";
import type { HistoryLine } from "../../convex/lib/history";
import type { AuditFilters } from "../../convex/model/audit/filters";
import { startBackend } from "../backend/server";
import type { Rng } from "../sim/rng";

/** The identity of the seeded admin (`t.withIdentity(BENCH_ADMIN)`). */
export const BENCH_ADMIN = { subject: "admin", issuer: "https://bench" };
/** When the first seeded audit entry happened; one entry a minute after it. */
export const AUDIT_START = Date.UTC(2026, 0, 1);

const ACTIONS = ["ban", "kick", "unban", "changeMap", "command", "say", "toggle", "cvar"];
const USERS = Array.from({ length: 40 }, (_, i) => `user${i}`);
const OUTCOMES = ["success", "success", "success", "failure", "unauthorized"] as const;

/** Four disabled servers (nothing polls them) and the admin; returns the servers' ids. */
export async function seedServersAndAdmin(ctx: MutationCtx): Promise<Id<"servers">[]> {
  const ids: Id<"servers">[] = [];
  for (const key of ["s1", "s2", "s3", "s4"]) {
    ids.push(
      await ctx.db.insert("servers", {
        key,
        name: key,
        apiBaseUrl: "http://127.0.0.1:9",
        connectAddress: "127.0.0.1:27015",
        connectionType: "HTTP",
        disabled: true,
        order: ids.length,
      }),
    );
  }
  await ctx.db.insert("users", {
    tokenIdentifier: `${BENCH_ADMIN.issuer}|${BENCH_ADMIN.subject}`,
    username: "bench-admin",
    isAdmin: true,
  });
  return ids;
}

/** Audit entry `i`: user, action, server and outcome each cycle through their values. */
export function auditRow(i: number, serverIds: Id<"servers">[]) {
  return {
    at: AUDIT_START + i * 60_000,
    username: USERS[(i * 7) % USERS.length]!,
    identity: "admin" as const,
    action: ACTIONS[(i * 3) % ACTIONS.length]!,
    serverId: serverIds[i % serverIds.length],
    outcome: OUTCOMES[(i * 11) % OUTCOMES.length]!,
    details: `entry ${i}`,
  };
}

export async function insertAuditEntry(ctx: MutationCtx, i: number, serverIds: Id<"servers">[]) {
  await ctx.db.insert("auditLog", auditRow(i, serverIds));
}

/** The audit filters the benches read a page of, over `entries` seeded entries. */
export function auditFilterCases(
  entries: number,
  serverIds: Id<"servers">[],
): [string, AuditFilters][] {
  const middle = AUDIT_START + (entries / 2) * 60_000;
  return [
    ["no filter", {}],
    ["action", { action: "ban" }],
    ["user", { username: "user7" }],
    ["server", { serverId: serverIds[2] }],
    ["outcome", { outcome: "unauthorized" }],
    ["date range (1 day)", { from: middle, to: middle + 86_400_000 }],
    [
      "user + action + outcome + 30 days",
      {
        // The combination of one seeded entry, so it exists.
        username: USERS[(54_321 * 7) % USERS.length]!,
        action: ACTIONS[(54_321 * 3) % ACTIONS.length]!,
        outcome: OUTCOMES[(54_321 * 11) % OUTCOMES.length]!,
        from: middle - 30 * 86_400_000,
        to: middle,
      },
    ],
    // Every fourth entry is on s1, and those have only two of the eight actions: no entry
    // matches, so a page walks its range until maximumRowsRead stops it (the worst case).
    ["server + an action never seen on it", { serverId: serverIds[0]!, action: ACTIONS[1]! }],
  ];
}

/** The in-memory backend with the project's functions, on free ports, without crons or logs. */
export async function quietBackend() {
  return await startBackend({
    convexDir: path.resolve(import.meta.dirname, "../../convex"),
    port: 0,
    httpPort: 0,
    crons: false,
    log: false,
  });
}

export const steamIdOf = (i: number) => String(76561198000000000n + BigInt(i));

/** Player `n`'s line of a match, `k`-th on the scoreboard (sides alternate). */
export function randomLine(rng: Rng, n: number, k: number, rounds: number): HistoryLine {
  const kills = rng.int(0, 30);
  return {
    steamId: steamIdOf(n),
    name: `Player ${n}`,
    side: k % 2 ? "T" : "CT",
    kills,
    deaths: rng.int(1, 25),
    assists: rng.int(0, 10),
    headshots: rng.int(0, kills),
    damage: rng.int(500, 3500),
    mvps: rng.int(0, 5),
    rounds,
  };
}
