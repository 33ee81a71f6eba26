/**
 * The state side of a feed a game server posts to the panel under a per-server secret (MatchZy's
 * events, CS2's HTTP log): one status row per server saying whether it is on and what was refused,
 * and the secret beside it. Each feed names its table, its secret and what switching it on resets;
 * reading, the admin's view, refusals, arming and disarming are this one code.
 */
import type { ObjectType } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import type { feedStatusFields } from "../../lib/validators";
import { writeGeneratedSecret, type GeneratedSecret } from "../servers/records";

type FeedTable = "pushStatus" | "serverLogStatus";
type CommonPatch = Partial<ObjectType<typeof feedStatusFields>>;

interface FeedDefinition<T extends FeedTable> {
  table: T;
  secret: GeneratedSecret;
  /** What a new status row starts with besides the common fields. */
  initial?: Partial<Doc<T>>;
  /** What switching the feed on or off clears (state that belonged to the last session). */
  cleared?: Partial<Doc<T>>;
}

export type Feed<T extends FeedTable = FeedTable> = ReturnType<typeof defineFeed<T>>;

export function defineFeed<T extends FeedTable>(definition: FeedDefinition<T>) {
  const { table, secret } = definition;
  // `Partial<Doc<T>>` of a generic `T` shares no known key with the common fields to TypeScript.
  const cleared = (definition.cleared ?? {}) as CommonPatch;

  async function statusOf(ctx: QueryCtx, serverId: Id<"servers">): Promise<Doc<T> | null> {
    const row = await ctx.db
      .query(table as FeedTable)
      .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
      .unique();
    return row as Doc<T> | null;
  }

  // Every write sets the common fields, or the definition's own fields of `T`.
  async function patch(ctx: MutationCtx, id: Id<T>, fields: CommonPatch): Promise<void> {
    await ctx.db.patch(table as FeedTable, id as Id<FeedTable>, fields);
  }

  return {
    table,
    secret,
    statusOf,

    /** The common part of what the admin tab shows; never the secret. */
    async view(ctx: QueryCtx, serverId: Id<"servers">) {
      const status = await statusOf(ctx, serverId);
      return {
        status,
        view: {
          enabled: status?.enabled ?? false,
          refusedCount: status?.refusedCount ?? 0,
          lastRefusedAt: status?.lastRefusedAt ?? null,
          lastRefusal: status?.lastRefusal ?? null,
        },
      };
    },

    /** Counts a body refused after the secret matched, with why. */
    async noteRefusal(ctx: MutationCtx, serverId: Id<"servers">, reason: string, now: number) {
      const status = await statusOf(ctx, serverId);
      if (!status) return;
      await patch(ctx, status._id, {
        refusedCount: (status.refusedCount ?? 0) + 1,
        lastRefusedAt: now,
        lastRefusal: reason,
      });
    },

    /** Stores a new secret and marks the feed on; returns the server key its URL names. */
    async arm(
      ctx: MutationCtx,
      serverId: Id<"servers">,
      newSecret: string,
      now: number,
    ): Promise<string | null> {
      const server = await ctx.db.get("servers", serverId);
      if (!server || server.disabled) return null;
      await writeGeneratedSecret(ctx, serverId, secret, newSecret);
      const status = await statusOf(ctx, serverId);
      if (status) {
        await patch(ctx, status._id, { enabled: true, enabledAt: now, ...cleared });
      } else {
        await ctx.db.insert(table as FeedTable, {
          serverId,
          enabled: true,
          enabledAt: now,
          ...(definition.initial as CommonPatch),
        });
      }
      return server.key;
    },

    /** Clears the secret (every later body is refused) and marks the feed off. */
    async disarm(ctx: MutationCtx, serverId: Id<"servers">): Promise<void> {
      await writeGeneratedSecret(ctx, serverId, secret, undefined);
      const status = await statusOf(ctx, serverId);
      if (status?.enabled) {
        await patch(ctx, status._id, { enabled: false, ...cleared });
      }
    },
  };
}
