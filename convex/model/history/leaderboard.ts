/**
 * Leaderboards as a ranked index: one `@convex-dev/aggregate` instance ("leaderboard"), one
 * namespace per criterion and season (`kills:all`, `kd:2026-11`, …), one item per ranked career
 * with key `[-value, steamId]`: ascending order is best first, ties broken by SteamID64. Kept in
 * step with the `careers` rows by `syncRanking` in the same mutation, so a page is O(log n + page)
 * reads whatever the number of players.
 */
import { DirectAggregate } from "@convex-dev/aggregate";
import { components } from "../../_generated/api";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import {
  CRITERION_NAMES,
  criterionValue,
  type CareerTotals,
  type Criterion,
  type LeaderboardRow,
} from "../../lib/history";

const ranking = new DirectAggregate<{ Key: [number, string]; Id: string; Namespace: string }>(
  components.leaderboard,
);

const namespaceOf = (criterion: Criterion, season: string) => `${criterion}:${season}`;

/**
 * Moves one career's items after its totals changed (`before`/`after` null: no row). Only the
 * criteria whose value changed are touched.
 */
export async function syncRanking(
  ctx: MutationCtx,
  steamId: string,
  season: string,
  before: CareerTotals | null,
  after: CareerTotals | null,
): Promise<void> {
  for (const criterion of CRITERION_NAMES) {
    const old = before ? criterionValue(criterion, before) : null;
    const now = after ? criterionValue(criterion, after) : null;
    if (old === now) continue;
    const namespace = namespaceOf(criterion, season);
    if (old !== null && now !== null) {
      await ranking.replace(
        ctx,
        { namespace, key: [-old, steamId], id: steamId },
        { namespace, key: [-now, steamId] },
      );
    } else if (old !== null) {
      await ranking.delete(ctx, { namespace, key: [-old, steamId], id: steamId });
    } else if (now !== null) {
      await ranking.insert(ctx, { namespace, key: [-now, steamId], id: steamId });
    }
  }
}

export interface RankedPage {
  rows: LeaderboardRow[];
  total: number;
  /** Offset of the next page, or null at the end. */
  nextOffset: number | null;
}

/**
 * One page of a leaderboard from `offset`: the aggregate finds the first item by rank, then the
 * page follows in key order; each row's name and match count come from its career row.
 */
export async function leaderboardPage(
  ctx: QueryCtx,
  criterion: Criterion,
  season: string,
  offset: number,
  limit: number,
): Promise<RankedPage> {
  const namespace = namespaceOf(criterion, season);
  const total = await ranking.count(ctx, { namespace });
  if (offset >= total) return { rows: [], total, nextOffset: null };
  const first = await ranking.at(ctx, offset, { namespace });
  const { page } = await ranking.paginate(ctx, {
    namespace,
    bounds: { lower: { key: first.key, id: first.id, inclusive: true } },
    pageSize: limit,
  });
  const rows: LeaderboardRow[] = [];
  for (const [i, item] of page.slice(0, limit).entries()) {
    const career = await ctx.db
      .query("careers")
      .withIndex("by_steamId_and_season", (q) => q.eq("steamId", item.id).eq("season", season))
      .unique();
    rows.push({
      rank: offset + i + 1,
      steamId: item.id,
      name: career?.name ?? item.id,
      value: -item.key[0],
      matches: career?.matches ?? 0,
    });
  }
  const next = offset + rows.length;
  return { rows, total, nextOffset: next < total ? next : null };
}

/** A player's rank (from 1) by a criterion in a season, or null when not ranked. */
export async function rankOf(
  ctx: QueryCtx,
  criterion: Criterion,
  season: string,
  steamId: string,
  totals: CareerTotals,
): Promise<number | null> {
  const value = criterionValue(criterion, totals);
  if (value === null) return null;
  const index = await ranking.indexOf(ctx, [-value, steamId], {
    namespace: namespaceOf(criterion, season),
    id: steamId,
  });
  return index < 0 ? null : index + 1;
}
