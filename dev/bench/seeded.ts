/**
 * What the seeded benches (audit.ts, reads.ts) put in the in-memory backend before they read:
 * four disabled servers, an admin to read as, and audit entries spread so that every filter value
 * occurs evenly and none is clustered in time.
 */
import type { Id } from "../../convex/_generated/dataModel";
import type { MutationCtx } from "../../convex/_generated/server";
import type { AuditFilters } from "../../convex/model/auditFilters";

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
export async function insertAuditEntry(ctx: MutationCtx, i: number, serverIds: Id<"servers">[]) {
  await ctx.db.insert("auditLog", {
    at: AUDIT_START + i * 60_000,
    username: USERS[(i * 7) % USERS.length]!,
    identity: "admin",
    action: ACTIONS[(i * 3) % ACTIONS.length]!,
    serverId: serverIds[i % serverIds.length],
    outcome: OUTCOMES[(i * 11) % OUTCOMES.length]!,
    details: `entry ${i}`,
  });
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
