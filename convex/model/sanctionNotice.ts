/**
 * Which connected players staff should know about: an active sanction (a ban or block still in
 * force) or a recent one (the last 30 days). Read for the «⚑» flag on the player list and the
 * dashboard notice.
 */
import { v, type Infer } from "convex/values";
import type { Doc } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { vSanctionKind } from "./sanctionFields";

export const RECENT_SANCTION_MS = 30 * 24 * 60 * 60_000;

export const vFlaggedPlayer = v.object({
  steamId: v.string(),
  name: v.string(),
  /** Records read (at most 10). */
  count: v.number(),
  /** Kinds still in force (ban, mute, gag, silence), by our records. */
  active: v.array(vSanctionKind),
  latestKind: vSanctionKind,
  latestAt: v.number(),
  latestReason: v.optional(v.string()),
});
export type FlaggedPlayer = Infer<typeof vFlaggedPlayer>;

const LIFTED_BY: Partial<Record<Doc<"sanctions">["kind"], Doc<"sanctions">["kind"][]>> = {
  unban: ["ban"],
  unmute: ["mute"],
  ungag: ["gag"],
  unsilence: ["silence", "mute", "gag"],
};
const TIMED = new Set<Doc<"sanctions">["kind"]>(["ban", "mute", "gag", "silence"]);

/** The kinds in force among a player's records, newest first. */
export function activeKinds(records: Doc<"sanctions">[], now: number): Doc<"sanctions">["kind"][] {
  const decided = new Set<string>();
  const active: Doc<"sanctions">["kind"][] = [];
  for (const r of records) {
    for (const k of LIFTED_BY[r.kind] ?? []) decided.add(k);
    if (!TIMED.has(r.kind) || decided.has(r.kind)) continue;
    decided.add(r.kind);
    if (r.expiresAt === undefined || r.expiresAt > now) active.push(r.kind);
  }
  return active;
}

export async function flaggedAmong(
  ctx: QueryCtx,
  players: { steamId: string; name: string }[],
  now: number,
): Promise<FlaggedPlayer[]> {
  const flagged: FlaggedPlayer[] = [];
  for (const p of players) {
    const records = await ctx.db
      .query("sanctions")
      .withIndex("by_steamId_and_at", (q) => q.eq("steamId", p.steamId))
      .order("desc")
      .take(10);
    const latest = records[0];
    if (!latest) continue;
    const active = activeKinds(records, now);
    if (active.length === 0 && now - latest.at > RECENT_SANCTION_MS) continue;
    flagged.push({
      steamId: p.steamId,
      name: p.name.slice(0, 64),
      count: records.length,
      active,
      latestKind: latest.kind,
      latestAt: latest.at,
      ...(latest.reason ? { latestReason: latest.reason } : {}),
    });
  }
  return flagged;
}
