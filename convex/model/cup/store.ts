/**
 * A cup in the database: its bracket rebuilt from the match rows, and each change written back as
 * the rows that differ (a row is rewritten only when its match changed, since every write wakes
 * each viewer of the bracket). The match lifecycle (check-in, start, server, veto) is run.ts.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import type { BracketMatch } from "../../lib/cupFields";
import { fail } from "../../lib/errors";
import { worded } from "../../lib/messages";
import { resolve, type MatchState, type Resolved } from "./bracket";
import type { Bracket } from "./format";

/** A 64-team double elimination has 127 matches, a 64-team Swiss at most 9 rounds of 32. */
export const CUP_MATCHES_MAX = 600;
export const CUP_TEAMS_LIST_MAX = 64;

export const STORE_MESSAGES = {
  cupNotFound: worded("refusal.cup.cupNotFound"),
  matchNotFound: worded("refusal.cup.matchNotFound"),
  teamNotFound: worded("refusal.cup.teamNotFound"),
};

export async function requireCup(ctx: QueryCtx, cupId: Id<"cups">): Promise<Doc<"cups">> {
  const cup = await ctx.db.get("cups", cupId);
  if (!cup) fail("NOT_FOUND", STORE_MESSAGES.cupNotFound);
  return cup;
}

export async function cupBySlug(ctx: QueryCtx, slug: string): Promise<Doc<"cups"> | null> {
  return await ctx.db
    .query("cups")
    .withIndex("by_slug", (q) => q.eq("slug", slug))
    .first();
}

export async function requireCupMatch(
  ctx: QueryCtx,
  matchId: Id<"cupMatches">,
): Promise<Doc<"cupMatches">> {
  const match = await ctx.db.get("cupMatches", matchId);
  if (!match) fail("NOT_FOUND", STORE_MESSAGES.matchNotFound);
  return match;
}

export async function matchRows(ctx: QueryCtx, cupId: Id<"cups">): Promise<Doc<"cupMatches">[]> {
  return await ctx.db
    .query("cupMatches")
    .withIndex("by_cupId_and_seq", (q) => q.eq("cupId", cupId))
    .take(CUP_MATCHES_MAX);
}

export async function teamRows(ctx: QueryCtx, cupId: Id<"cups">): Promise<Doc<"cupTeams">[]> {
  return await ctx.db
    .query("cupTeams")
    .withIndex("by_cupId", (q) => q.eq("cupId", cupId))
    .take(CUP_TEAMS_LIST_MAX);
}

/** The bracket part of a row. */
export function bracketMatchOf(row: Doc<"cupMatches">): BracketMatch {
  const { key, section, round, order, group, bestOf, a, b, resetOf, result } = row;
  return {
    key,
    section,
    round,
    order,
    bestOf,
    a,
    b,
    ...(group !== undefined ? { group } : {}),
    ...(resetOf !== undefined ? { resetOf } : {}),
    ...(result !== undefined ? { result } : {}),
  };
}

export function bracketOf(cup: Doc<"cups">, rows: readonly Doc<"cupMatches">[]): Bracket {
  return { config: cup.bracket, seeds: [...cup.seeds], matches: rows.map(bracketMatchOf) };
}

const sameBracketMatch = (x: BracketMatch, y: BracketMatch) =>
  JSON.stringify(x) === JSON.stringify(y);

/**
 * Writes `next` over the rows: new matches inserted, gone ones deleted, changed ones patched. A
 * match whose result was dropped, or whose teams changed, starts its lifecycle over (no time, no
 * check-in). Returns the rows as they now are, in play order, and the ban/pick of every match
 * that no longer runs on its server (decided some other way, or to be played again).
 */
export async function writeBracket(
  ctx: MutationCtx,
  cupId: Id<"cups">,
  rows: readonly Doc<"cupMatches">[],
  next: Bracket,
): Promise<{
  rows: Doc<"cupMatches">[];
  resolved: Resolved;
  released: Id<"tournaments">[];
}> {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const before = resolve(rows.map(bracketMatchOf), next.seeds);
  const resolved = resolve(next.matches, next.seeds);
  const out: Doc<"cupMatches">[] = [];
  const released: Id<"tournaments">[] = [];
  const keep = new Set(next.matches.map((m) => m.key));
  for (const row of rows) {
    if (keep.has(row.key)) continue;
    if (row.tournamentId) released.push(row.tournamentId);
    await ctx.db.delete("cupMatches", row._id);
  }
  for (const [seq, match] of next.matches.entries()) {
    const row = byKey.get(match.key);
    const now = resolved.get(match.key)!;
    const was = before.get(match.key);
    const teamsMoved = !was || was.teamA !== now.teamA || was.teamB !== now.teamB;
    if (!row) {
      const id = await ctx.db.insert("cupMatches", {
        cupId,
        seq,
        ...match,
        phase: phaseOf(now.state),
        checkedIn: [],
      });
      out.push((await ctx.db.get("cupMatches", id))!);
      continue;
    }
    const bracketSame = sameBracketMatch(bracketMatchOf(row), match) && row.seq === seq;
    const phase = phaseOf(now.state);
    // A decided match keeps its run fields (its server, its series) as a record.
    const restart =
      phase !== "done" && row.phase !== "waiting" && (teamsMoved || row.phase === "done");
    if (bracketSame && !restart && (phase !== "done" || row.phase === "done")) {
      out.push(row);
      continue;
    }
    if (row.tournamentId && (restart || (phase === "done" && row.phase !== "done"))) {
      released.push(row.tournamentId);
    }
    const replacement: Doc<"cupMatches"> = {
      _id: row._id,
      _creationTime: row._creationTime,
      cupId,
      seq,
      ...match,
      phase: restart || phase === "done" ? phase : row.phase,
      checkedIn: restart ? [] : row.checkedIn,
      ...(restart
        ? {}
        : {
            startAt: row.startAt,
            proposal: row.proposal,
            tournamentId: row.tournamentId,
            tournamentSlug: row.tournamentSlug,
            serverId: phase === "done" ? undefined : row.serverId,
            live: phase === "done" ? undefined : row.live,
          }),
    };
    const { _id, _creationTime, ...fields } = replacement;
    await ctx.db.replace("cupMatches", _id, stripUndefined(fields));
    out.push({ ...stripUndefined(fields), _id, _creationTime });
  }
  return { rows: out, resolved, released };
}

/** A match nobody will play again is done; the rest wait until the run schedules them. */
function phaseOf(state: MatchState): "done" | "waiting" {
  return state === "done" || state === "bye" || state === "void" ? "done" : "waiting";
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * Whether a cup match is being played on the server (its ban/pick, or its maps): the poller keeps
 * such a server in its loop though nobody watches, so the launched map's start and end are seen
 * and recorded even when a whole short map falls between two sweeps of the idle servers.
 */
export async function holdsCupMatch(ctx: QueryCtx, serverId: Id<"servers">): Promise<boolean> {
  const rows = await ctx.db
    .query("cupMatches")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .take(20);
  return rows.some((r) => r.phase === "veto" || r.phase === "live");
}
