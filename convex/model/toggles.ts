/** The server switches as last set from the panel (pause, cheats, autobalance, ...). */
import type { Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import type { ToggleName } from "../lib/validators";

export const DEFAULT_TOGGLES: Record<ToggleName, boolean> = {
  isPaused: false,
  cheats: false,
  autobalance: true,
  friendlyfire: false,
  bhop: false,
};

/** The switches as last set from the panel (defaults until one was). */
export async function readToggles(
  ctx: QueryCtx,
  serverId: Id<"servers">,
): Promise<Record<ToggleName, boolean>> {
  const row = await togglesRow(ctx, serverId);
  if (!row) return DEFAULT_TOGGLES;
  const { isPaused, cheats, autobalance, friendlyfire, bhop } = row;
  return { isPaused, cheats, autobalance, friendlyfire, bhop };
}

async function togglesRow(ctx: QueryCtx, serverId: Id<"servers">) {
  return await ctx.db
    .query("serverToggles")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
}

export async function storeToggle(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  name: ToggleName,
  enabled: boolean,
): Promise<void> {
  const row = await togglesRow(ctx, serverId);
  if (row) await ctx.db.patch("serverToggles", row._id, { [name]: enabled });
  else await ctx.db.insert("serverToggles", { serverId, ...DEFAULT_TOGGLES, [name]: enabled });
}
