/**
 * Which connected players staff should know about: an active sanction (a ban or block still in
 * force) or a recent one (the last 30 days). Read for the «⚑» flag on the player list and the
 * dashboard notice, and told to the moderation webhook when such a player connects.
 */
import { v, type Infer } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { isSteamId64 } from "../../lib/steamId";
import { notify } from "../notifications/notify";
import { vSanctionKind } from "../../lib/sanctionFields";

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

/** A player who reconnects is announced again only after this long. */
export const NOTICE_REPEAT_MS = 24 * 60 * 60_000;
/** Joiners looked up per poll at most (a map change reconnects everyone at once). */
const JOINERS_CHECKED = 16;

/**
 * Tells the moderation webhook about players with an active or recent sanction who just
 * connected, once per player and server a day. Runs in the poll's store: it reads the sanctions
 * of the joiners only, and writes only when it announces.
 */
export async function announceSanctionedJoiners(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  joined: { steamId: string; name: string }[],
  now: number,
): Promise<void> {
  const people = joined.filter((p) => isSteamId64(p.steamId)).slice(0, JOINERS_CHECKED);
  if (people.length === 0) return;
  const flagged = await flaggedAmong(ctx, people, now);
  if (flagged.length === 0) return;
  const serverName = (await ctx.db.get("servers", serverId))?.name ?? "";
  for (const f of flagged) {
    const told = await ctx.db
      .query("sanctionNotices")
      .withIndex("by_serverId_and_steamId", (q) =>
        q.eq("serverId", serverId).eq("steamId", f.steamId),
      )
      .unique();
    if (told && now - told.at < NOTICE_REPEAT_MS) continue;
    if (told) await ctx.db.patch("sanctionNotices", told._id, { at: now });
    else await ctx.db.insert("sanctionNotices", { serverId, steamId: f.steamId, at: now });
    await notify(ctx, {
      kind: "sanctionedJoined",
      serverName,
      steamId: f.steamId,
      playerName: f.name,
      active: f.active,
      latestKind: f.latestKind,
      latestAt: f.latestAt,
      ...(f.latestReason ? { latestReason: f.latestReason } : {}),
    });
  }
}
