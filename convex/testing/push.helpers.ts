/** A server with push on and a known secret, and how to POST events to it (convex-test). */
import type { Id } from "../_generated/dataModel";
import type { Match } from "../lib/validators";
import { matchSnapshotOf, statusOf } from "../model/live/snapshots";
import { PUSH_HEADER } from "../model/push/status";
import { serverRow, setupTest, type TestConvex } from "../test.setup";

export const SECRET = "ab".repeat(32);

export const WARMUP: Match = {
  serverName: "Server #1",
  mapName: "de_nuke",
  scoreCT: 0,
  scoreT: 0,
  playersOnline: 6,
  roundPhase: "warmup",
  round: 0,
  maxRounds: 24,
};

export async function world(match: Match | null = WARMUP) {
  const t = setupTest();
  const serverId = await t.run(async (ctx) => {
    const serverId = await ctx.db.insert("servers", serverRow({ key: "server1" }));
    await ctx.db.insert(
      "servers",
      serverRow({
        key: "off",
        name: "Disabled",
        connectAddress: "127.0.0.1:27016",
        disabled: true,
        order: 1,
      }),
    );
    await ctx.db.insert("serverSecrets", { serverId, apiKey: "api-key", pushSecret: SECRET });
    await ctx.db.insert("pushStatus", { serverId, enabled: true, enabledAt: 1, eventsCount: 0 });
    if (match) await ctx.db.insert("matchSnapshots", { serverId, match, updatedAt: 1 });
    return serverId;
  });
  return { t, serverId };
}

export async function post(
  t: TestConvex,
  body: unknown,
  {
    key = "server1",
    secret = SECRET as string | null,
    headers = {} as Record<string, string>,
  } = {},
) {
  return await t.fetch(`/api/events/${key}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      ...(secret === null ? {} : { [PUSH_HEADER]: secret }),
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** Everything an event could have written. */
export async function stored(t: TestConvex, serverId: Id<"servers">) {
  return await t.run(async (ctx) => ({
    events: await ctx.db.query("pushEvents").collect(),
    push: await ctx.db
      .query("pushStatus")
      .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
      .unique(),
    match: await matchSnapshotOf(ctx, serverId),
    status: await statusOf(ctx, serverId),
  }));
}
