/**
 * The server switches (pause, cheats, autobalance, ...): what the panel last sent is the expected
 * value, shown as unconfirmed until a read-back from the game server confirms it (or shows what the
 * server really has).
 */
import { internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import type { ActionCtx, MutationCtx, QueryCtx } from "../../_generated/server";
import { declarationOf, SWITCH_NAMES, type ServerAction } from "../../lib/actionRegistry";
import { parseCvarBool, readBackToggles, TOGGLE_CVARS } from "../../gameServer/readBack";
import { TOGGLE_NAMES, type GameServerTarget, type ToggleName } from "../../lib/validators";

/** Each switch's value before anything was sent or read (its declaration's `initial`). */
export const DEFAULT_TOGGLES = Object.fromEntries(
  SWITCH_NAMES.map((name) => [name, declarationOf(name).switch?.initial ?? false]),
) as Record<ToggleName, boolean>;

/**
 * The switches as the game server last confirmed them, or as the panel last set them (then
 * `confirmed` is false and the panel shows them as unknown until the next read-back).
 */
export async function readToggles(
  ctx: QueryCtx,
  serverId: Id<"servers">,
): Promise<Record<ToggleName, boolean> & { confirmed: boolean }> {
  const row = await togglesRow(ctx, serverId);
  if (!row) return { ...DEFAULT_TOGGLES, confirmed: false };
  const values = Object.fromEntries(TOGGLE_NAMES.map((name) => [name, row[name]]));
  return { ...(values as Record<ToggleName, boolean>), confirmed: row.confirmedAt !== undefined };
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
  // What the panel sent is the expected value, unconfirmed until the read-back that follows.
  const row = await togglesRow(ctx, serverId);
  if (row) {
    await ctx.db.patch("serverToggles", row._id, { [name]: enabled, confirmedAt: undefined });
  } else await ctx.db.insert("serverToggles", { serverId, ...DEFAULT_TOGGLES, [name]: enabled });
}

/**
 * Stores what a read-back found. Written only when a value differs or the row was unconfirmed:
 * a read-back that finds nothing new wakes nobody.
 */
export async function confirmToggles(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  values: Partial<Record<ToggleName, boolean>>,
  now: number,
): Promise<boolean> {
  const row = await togglesRow(ctx, serverId);
  const current = row ?? { ...DEFAULT_TOGGLES, confirmedAt: undefined };
  const changed = TOGGLE_NAMES.some((n) => values[n] !== undefined && values[n] !== current[n]);
  if (!changed && current.confirmedAt !== undefined) return false;
  const next = { ...values, confirmedAt: now };
  if (row) await ctx.db.patch("serverToggles", row._id, next);
  else await ctx.db.insert("serverToggles", { serverId, ...DEFAULT_TOGGLES, ...next });
  return true;
}

/** Open admin tabs read the switches back at most this often per server, together. */
export const SHARED_READ_BACK_MS = 50_000;

/**
 * Whether an admin tab's periodic read-back should ask the game server now: not when another tab
 * did less than SHARED_READ_BACK_MS ago and the stored switches are confirmed (then they are at
 * most that old). Each admin tab asks once a minute: without this, every open tab added five
 * game-server requests a minute.
 */
export async function claimReadBack(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  now: number,
): Promise<{ due: boolean; confirmed: boolean }> {
  const row = await ctx.db
    .query("toggleReadBacks")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
  const { confirmed } = await readToggles(ctx, serverId);
  if (row && confirmed && now - row.at < SHARED_READ_BACK_MS) return { due: false, confirmed };
  if (row) await ctx.db.patch("toggleReadBacks", row._id, { at: now });
  else await ctx.db.insert("toggleReadBacks", { serverId, at: now });
  return { due: true, confirmed };
}

/** A read-back that got no answer: the next tab asks again instead of sharing it. */
export async function releaseReadBack(ctx: MutationCtx, serverId: Id<"servers">): Promise<void> {
  const row = await ctx.db
    .query("toggleReadBacks")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
  if (row) await ctx.db.delete("toggleReadBacks", row._id);
}

/** Whether the switches should be read back after these accepted actions. */
export function readBackAfter(actions: ServerAction[]): boolean {
  return actions.some((a) => declarationOf(a.kind).readBack === true);
}

/**
 * Reads the switches back from the game server and stores them; false when it did not answer
 * (the switches then stay unconfirmed). Never throws: the action before it already happened.
 */
export async function refreshToggles(
  ctx: ActionCtx,
  server: { serverId: Id<"servers">; target: GameServerTarget },
): Promise<boolean> {
  let values;
  try {
    values =
      server.target.connectionType === "RCON"
        ? await readBackOverRcon(ctx, server.target)
        : await readBackToggles(server.target);
  } catch {
    return false;
  }
  await ctx.runMutation(internal.serverControl.confirmToggles, {
    serverId: server.serverId,
    values,
  });
  return true;
}

/**
 * Direct RCON: the four cvars in one session of the Node runtime. CS2's console tells no match
 * phase, so pause stays unconfirmed.
 */
async function readBackOverRcon(
  ctx: ActionCtx,
  target: GameServerTarget,
): Promise<Partial<Record<ToggleName, boolean>>> {
  const entries = Object.entries(TOGGLE_CVARS) as [keyof typeof TOGGLE_CVARS, string][];
  const outcome = await ctx.runAction(internal.rcon.exec, {
    target,
    steps: entries.map(([, cvar]) => ({ command: cvar })),
  });
  if (!outcome.ok) throw new Error(outcome.error);
  const state: Partial<Record<ToggleName, boolean>> = {};
  entries.forEach(([name, cvar], i) => {
    const value = parseCvarBool(outcome.outputs[i] ?? "", cvar);
    if (value !== null) state[name] = value;
  });
  return state;
}
