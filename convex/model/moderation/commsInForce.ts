/**
 * Mutes, gags and silences in force per server: one row per player, server and kind, kept by the
 * sanction records as they are written (a mute replaces the player's earlier mute there, an unmute
 * removes it, an unsilence removes all three) and dropped at expiry. The moderators' list of active
 * blocks reads these rows, so an old permanent mute stays listed however many kicks came after it.
 */
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { PaginationOptions, PaginationResult } from "convex/server";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { COMMS_KINDS, type CommsKind } from "../../lib/actionRegistry";
import { paginateSafely } from "../../lib/pagination";
import type { SanctionKind } from "../../lib/sanctionFields";

/** Blocks in force per page at most. */
const COMMS_PAGE_MAX = 100;

const LIFTS: Partial<Record<SanctionKind, readonly CommsKind[]>> = {
  unmute: ["mute"],
  ungag: ["gag"],
  unsilence: COMMS_KINDS,
};

function isComms(kind: SanctionKind): kind is CommsKind {
  return (COMMS_KINDS as readonly string[]).includes(kind);
}

async function inForceRow(
  ctx: QueryCtx,
  steamId: string,
  serverId: Id<"servers">,
  kind: CommsKind,
): Promise<Doc<"commsInForce"> | null> {
  return await ctx.db
    .query("commsInForce")
    .withIndex("by_steamId_and_serverId_and_kind", (q) =>
      q.eq("steamId", steamId).eq("serverId", serverId).eq("kind", kind),
    )
    .unique();
}

/** What one sanction record does to the blocks in force on its server. */
export async function applyToCommsInForce(
  ctx: MutationCtx,
  s: Doc<"sanctions">,
  now: number,
): Promise<void> {
  const serverId = s.serverId;
  if (!serverId) return;
  const kinds = isComms(s.kind) ? [s.kind] : (LIFTS[s.kind] ?? []);
  for (const kind of kinds) {
    const existing = await inForceRow(ctx, s.steamId, serverId, kind);
    if (existing) await ctx.db.delete("commsInForce", existing._id);
  }
  if (!isComms(s.kind) || (s.expiresAt !== undefined && s.expiresAt <= now)) return;
  const { _id, _creationTime, ...record } = s;
  const id = await ctx.db.insert("commsInForce", {
    ...record,
    serverId,
    kind: s.kind,
    sanctionId: _id,
  });
  if (s.expiresAt !== undefined) {
    await ctx.scheduler.runAt(s.expiresAt, internal.moderation.expireComms, { id });
  }
}

/** Drops a block in force that has run out (scheduled at its expiry). */
export async function expireCommsInForce(ctx: MutationCtx, id: Id<"commsInForce">): Promise<void> {
  const row = await ctx.db.get("commsInForce", id);
  if (row?.expiresAt !== undefined && row.expiresAt <= Date.now()) {
    await ctx.db.delete("commsInForce", id);
  }
}

/** A page of the blocks in force on a server, newest first, as the records that gave them read. */
export async function commsInForcePage(
  ctx: QueryCtx,
  serverId: Id<"servers">,
  paginationOpts: PaginationOptions,
  now: number,
): Promise<PaginationResult<Doc<"sanctions">>> {
  const result = await paginateSafely(
    ctx.db
      .query("commsInForce")
      .withIndex("by_serverId_and_at", (q) => q.eq("serverId", serverId))
      .order("desc"),
    paginationOpts,
    COMMS_PAGE_MAX,
  );
  const page = result.page
    // A row whose expiry has passed but whose scheduled removal has not run yet.
    .filter((row) => row.expiresAt === undefined || row.expiresAt > now)
    .map(({ _id, sanctionId, ...record }) => ({ ...record, _id: sanctionId }));
  return { ...result, page };
}
