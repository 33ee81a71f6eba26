/**
 * Community cups for everyone: the public bracket (one query per page, everything a bracket,
 * schedule, results or team page shows), and what signed-in players with a linked Steam account
 * do: create a team, join one by its invite code, check in, agree on a start time. Rules live in
 * model/cup/; the admin's side is cupAdmin.ts; the jobs of a match's life are the internal ones.
 */
import { v } from "convex/values";
import type { Doc, Id } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import { internalAction, internalMutation, internalQuery } from "./_generated/server";
import {
  vBestOf,
  vBracketConfig,
  vBracketResult,
  vBracketSection,
  vCupMatchPhase,
  vCupStatus,
  vRosterPlayer,
  vTimeProposal,
} from "./lib/cupFields";
import { fail } from "./lib/errors";
import { publicQuery, signedInMutation, signedInQuery } from "./lib/functions";
import { randomToken } from "./lib/random";
import { limitCupWrite } from "./lib/rateLimits";
import type { Viewer } from "./lib/viewer";
import { resolve } from "./model/cup/bracket";
import { launchNext as launchNextMap, launchTargetOf, vLaunchTarget } from "./model/cup/launch";
import {
  markLive as markLiveRule,
  openCheckIn as openCheckInRule,
  schedule,
  startDue as startDueRule,
} from "./model/cup/run";
import { standings } from "./model/cup/standings";
import {
  bracketOf,
  cupBySlug,
  matchRows,
  requireCup,
  requireCupMatch,
  teamRows,
} from "./model/cup/store";
import {
  addTeamRow,
  checkedIn,
  checkProposal,
  CUP_MESSAGES as M,
  joinedRoster,
  teamOfSteamId,
} from "./model/cup/teams";
import { steamSeatOf } from "./model/tournament/store";

/** Cups listed at most (newest first). */
const CUP_LIST_MAX = 50;

const vSlot = v.optional(v.union(v.id("cupTeams"), v.null()));

const vCupMatchView = v.object({
  id: v.id("cupMatches"),
  key: v.string(),
  section: vBracketSection,
  round: v.number(),
  order: v.number(),
  group: v.optional(v.number()),
  bestOf: vBestOf,
  /** A team's id; null when nobody comes (a bye); absent while not known yet. */
  teamA: vSlot,
  teamB: vSlot,
  state: v.union(
    v.literal("pending"),
    v.literal("ready"),
    v.literal("done"),
    v.literal("bye"),
    v.literal("void"),
  ),
  phase: vCupMatchPhase,
  startAt: v.optional(v.number()),
  proposal: v.optional(vTimeProposal),
  checkedIn: v.array(v.id("cupTeams")),
  result: v.optional(vBracketResult),
  live: v.optional(v.object({ a: v.number(), b: v.number() })),
  /** The ban/pick page of the match (`/t/:slug`), once it started. */
  tournamentSlug: v.optional(v.string()),
  serverId: v.optional(v.id("servers")),
});

const vCupView = v.object({
  id: v.id("cups"),
  slug: v.string(),
  name: v.string(),
  status: vCupStatus,
  bracket: vBracketConfig,
  teamSize: v.number(),
  mapPool: v.array(v.string()),
  checkInMinutes: v.number(),
  scheduleWindow: v.optional(v.object({ from: v.number(), to: v.number() })),
  teamsMax: v.number(),
  champion: v.optional(v.id("cupTeams")),
  startedAt: v.optional(v.number()),
  finishedAt: v.optional(v.number()),
  teams: v.array(
    v.object({
      id: v.id("cupTeams"),
      name: v.string(),
      tag: v.string(),
      captainSteamId: v.string(),
      roster: v.array(vRosterPlayer),
      seed: v.optional(v.number()),
    }),
  ),
  matches: v.array(vCupMatchView),
  standings: v.array(
    v.object({
      team: v.id("cupTeams"),
      wins: v.number(),
      losses: v.number(),
      mapsWon: v.number(),
      mapsLost: v.number(),
      group: v.optional(v.number()),
      place: v.union(v.number(), v.null()),
      swiss: v.optional(
        v.union(v.literal("advanced"), v.literal("eliminated"), v.literal("playing")),
      ),
    }),
  ),
});

/** A cup's bracket, schedule, teams and standings: what every public cup page shows. */
export const bracket = publicQuery({
  args: { slug: v.string() },
  returns: v.union(v.null(), vCupView),
  handler: async (ctx, { slug }) => {
    const cup = await cupBySlug(ctx, slug.slice(0, 32));
    if (!cup) return null;
    const rows = await matchRows(ctx, cup._id);
    const teams = await teamRows(ctx, cup._id);
    const b = bracketOf(cup, rows);
    const resolved = resolve(b.matches, b.seeds);
    const started = cup.seeds.length > 0;
    return {
      id: cup._id,
      slug: cup.slug,
      name: cup.name,
      status: cup.status,
      bracket: cup.bracket,
      teamSize: cup.veto.teamSize,
      mapPool: cup.veto.mapPool,
      checkInMinutes: cup.checkInMinutes,
      scheduleWindow: cup.scheduleWindow,
      teamsMax: cup.teamsMax,
      champion: cup.champion,
      startedAt: cup.startedAt,
      finishedAt: cup.finishedAt,
      teams: teams.map((t) => {
        const seed = cup.seeds.indexOf(t._id);
        return {
          id: t._id,
          name: t.name,
          tag: t.tag,
          captainSteamId: t.captainSteamId,
          roster: t.roster,
          ...(seed >= 0 ? { seed: seed + 1 } : {}),
        };
      }),
      matches: rows.map((row) => {
        const r = resolved.get(row.key)!;
        return {
          id: row._id,
          key: row.key,
          section: row.section,
          round: row.round,
          order: row.order,
          group: row.group,
          bestOf: row.bestOf,
          teamA: r.teamA as Id<"cupTeams"> | null | undefined,
          teamB: r.teamB as Id<"cupTeams"> | null | undefined,
          state: r.state,
          phase: row.phase,
          startAt: row.startAt,
          proposal: row.proposal,
          checkedIn: row.checkedIn,
          result: row.result,
          live: row.live,
          tournamentSlug: row.tournamentSlug,
          serverId: row.serverId,
        };
      }),
      standings: started
        ? standings(b).map(({ seed: _seed, team, ...s }) => ({
            ...s,
            team: team as Id<"cupTeams">,
          }))
        : [],
    };
  },
});

/** Cups not archived, newest first. */
export const list = publicQuery({
  args: {},
  returns: v.array(
    v.object({
      slug: v.string(),
      name: v.string(),
      status: vCupStatus,
      format: vBracketConfig.fields.format,
      teamsMax: v.number(),
      createdAt: v.number(),
    }),
  ),
  handler: async (ctx) => {
    const cups = await ctx.db
      .query("cups")
      .withIndex("by_archived", (q) => q.eq("archived", false))
      .order("desc")
      .take(CUP_LIST_MAX);
    return cups.map((c) => ({
      slug: c.slug,
      name: c.name,
      status: c.status,
      format: c.bracket.format,
      teamsMax: c.teamsMax,
      createdAt: c.createdAt,
    }));
  },
});

/** The caller's team in a cup, with its invite code (only members see it); null if none. */
export const mine = signedInQuery({
  args: { cupId: v.id("cups") },
  returns: v.union(
    v.null(),
    v.object({ teamId: v.id("cupTeams"), captain: v.boolean(), inviteCode: v.string() }),
  ),
  handler: async (ctx, { cupId }) => {
    const steamId = ctx.viewer.user?.steamId;
    if (!steamId) return null;
    const team = teamOfSteamId(await teamRows(ctx, cupId), steamId);
    if (!team) return null;
    return {
      teamId: team._id,
      captain: team.captainSteamId === steamId,
      inviteCode: team.inviteCode,
    };
  },
});

type PlayerCtx = MutationCtx & { viewer: Viewer };

/** The caller's Steam seat, counted against the rate limits; refused without a linked Steam. */
async function playerSeat(ctx: PlayerCtx, cupId: Id<"cups">) {
  await limitCupWrite(ctx, ctx.viewer.identity!.tokenIdentifier, cupId);
  const seat = await steamSeatOf(ctx, ctx.viewer);
  if (!seat) fail("FORBIDDEN", M.steamRequired);
  return seat;
}

export const createTeam = signedInMutation({
  args: { cupId: v.id("cups"), name: v.string(), tag: v.string() },
  returns: v.object({ teamId: v.id("cupTeams"), inviteCode: v.string() }),
  handler: async (ctx, { cupId, name, tag }) => {
    const cup = await requireCup(ctx, cupId);
    const seat = await playerSeat(ctx, cupId);
    const inviteCode = randomToken(12);
    const teamId = await addTeamRow(ctx, cup, await teamRows(ctx, cupId), {
      name,
      tag,
      roster: [seat],
      inviteCode,
    });
    return { teamId, inviteCode };
  },
});

export const joinTeam = signedInMutation({
  args: { inviteCode: v.string() },
  returns: v.object({ cupSlug: v.string(), teamId: v.id("cupTeams") }),
  handler: async (ctx, { inviteCode }) => {
    const team = await ctx.db
      .query("cupTeams")
      .withIndex("by_inviteCode", (q) => q.eq("inviteCode", inviteCode.slice(0, 64)))
      .first();
    if (!team) fail("NOT_FOUND", M.badInvite);
    const seat = await playerSeat(ctx, team.cupId);
    const cup = await requireCup(ctx, team.cupId);
    const roster = joinedRoster(cup, await teamRows(ctx, cup._id), team, seat);
    await ctx.db.patch("cupTeams", team._id, { roster });
    return { cupSlug: cup.slug, teamId: team._id };
  },
});

/** The caller's team in the match's cup, and the match's two teams. */
async function matchOfPlayer(ctx: PlayerCtx, matchId: Id<"cupMatches">) {
  const row = await requireCupMatch(ctx, matchId);
  const seat = await playerSeat(ctx, row.cupId);
  const cup = await requireCup(ctx, row.cupId);
  const team = teamOfSteamId(await teamRows(ctx, cup._id), seat.steamId);
  if (!team) fail("FORBIDDEN", M.notInMatch);
  const r = resolve(bracketOf(cup, await matchRows(ctx, cup._id)).matches, cup.seeds).get(row.key)!;
  const teams = [r.teamA, r.teamB];
  if (!teams.includes(team._id)) fail("FORBIDDEN", M.notInMatch);
  return { row, cup, team, seat };
}

/** Any player of a team checks it in while check-in is open. */
export const checkIn = signedInMutation({
  args: { matchId: v.id("cupMatches") },
  returns: v.null(),
  handler: async (ctx, { matchId }) => {
    const { row, team } = await matchOfPlayer(ctx, matchId);
    await ctx.db.patch("cupMatches", row._id, { checkedIn: checkedIn(row, team._id, [team._id]) });
    return null;
  },
});

function requireCaptain(team: Doc<"cupTeams">, steamId: string) {
  if (team.captainSteamId !== steamId) fail("FORBIDDEN", M.notCaptain);
}

/** A captain proposes a start time inside the admin's window. */
export const proposeTime = signedInMutation({
  args: { matchId: v.id("cupMatches"), at: v.number() },
  returns: v.null(),
  handler: async (ctx, { matchId, at }) => {
    const { row, cup, team, seat } = await matchOfPlayer(ctx, matchId);
    requireCaptain(team, seat.steamId);
    checkProposal(cup, row, at, Date.now());
    await ctx.db.patch("cupMatches", row._id, { proposal: { at, by: team._id } });
    return null;
  },
});

/** The other captain accepts the proposed time: it becomes the match's start. */
export const acceptTime = signedInMutation({
  args: { matchId: v.id("cupMatches") },
  returns: v.null(),
  handler: async (ctx, { matchId }) => {
    const { row, cup, team, seat } = await matchOfPlayer(ctx, matchId);
    requireCaptain(team, seat.steamId);
    if (!row.proposal) fail("CONFLICT", M.noProposal);
    if (row.proposal.by === team._id) fail("CONFLICT", M.ownProposal);
    const now = Date.now();
    checkProposal(cup, row, row.proposal.at, now);
    await ctx.db.patch("cupMatches", row._id, { proposal: undefined });
    await schedule(ctx, cup, row, row.proposal.at, now);
    return null;
  },
});

/** Check-in opens (scheduled by model/cup/run.ts for the start it was planned for). */
export const openCheckIn = internalMutation({
  args: { matchId: v.id("cupMatches"), startAt: v.number() },
  returns: v.null(),
  handler: async (ctx, { matchId, startAt }) => {
    await openCheckInRule(ctx, matchId, startAt);
    return null;
  },
});

/** The match's start: queue it for a server, or a walkover for a no-show. */
export const startDue = internalMutation({
  args: { matchId: v.id("cupMatches"), startAt: v.number() },
  returns: v.null(),
  handler: async (ctx, { matchId, startAt }) => {
    await startDueRule(ctx, matchId, startAt);
    return null;
  },
});

/** The next map of a cup match's series to launch, if one is due. */
export const launchTarget = internalQuery({
  args: { tournamentId: v.id("tournaments"), again: v.optional(v.boolean()) },
  returns: vLaunchTarget,
  handler: async (ctx, { tournamentId, again }) =>
    await launchTargetOf(ctx, tournamentId, again === true),
});

/** A map of the match was launched: the match is in play. */
export const markLive = internalMutation({
  args: { tournamentId: v.id("tournaments") },
  returns: v.null(),
  handler: async (ctx, { tournamentId }) => {
    await markLiveRule(ctx, tournamentId);
    return null;
  },
});

/** Launches that map on the match's server (after its ban/pick, after each map's result). */
export const launchNext = internalAction({
  args: { tournamentId: v.id("tournaments"), attempt: v.number(), again: v.optional(v.boolean()) },
  returns: v.null(),
  handler: async (ctx, { tournamentId, attempt, again }) => {
    await launchNextMap(ctx, tournamentId, attempt, again === true);
    return null;
  },
});
