/**
 * What an admin does with cups, as declared capabilities (model/capability/define.ts), each audited:
 * create a cup, add a team by its players' SteamIDs, start the cup (seeding, bracket), set or
 * correct a result, award a walkover, reschedule, replay a match, archive. A change to a decided
 * match rewrites what was built on it; `previewFor` shows that first (admin query).
 */
import { v } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { vBracketConfig, vSeedingMode } from "../../lib/cupFields";
import { fail } from "../../lib/errors";
import { cryptoChance, randomSlug, randomToken } from "../../lib/random";
import { parseSteamId } from "../../lib/steamId";
import { auditDetail } from "../../lib/texts/auditDetails";
import { vTournamentFormat } from "../../lib/tournamentFields";
import { defineCapability } from "../capability/define";
import { validateFormat } from "../tournament/formats";
import { seatForSteamId } from "../tournament/store";
import { BRACKET_MESSAGES, resolve, type ChangePreview } from "./bracket";
import {
  checkConfig,
  createBracket,
  previewOf,
  recordResult,
  replayMatch,
  type Bracket,
} from "./format";
import { commitBracket, freeServers, moveMatch, restartMatch, schedule } from "./run";
import { seedTeams } from "./seeding";
import { bracketOf, cupBySlug, matchRows, requireCup, requireCupMatch, teamRows } from "./store";
import { addTeamRow, checkTeamText, CUP_MESSAGES as M } from "./teams";

const MINUTES_MAX = 24 * 60;

async function freshSlug(ctx: MutationCtx): Promise<string> {
  let slug = randomSlug();
  while (await cupBySlug(ctx, slug)) slug = randomSlug();
  return slug;
}

function checkMinutes(n: number, min: number) {
  if (!Number.isInteger(n) || n < min || n > MINUTES_MAX) fail("INVALID_INPUT", M.minutes);
}

const vCupSettings = {
  name: v.string(),
  bracket: vBracketConfig,
  seeding: vSeedingMode,
  veto: vTournamentFormat,
  serverIds: v.array(v.id("servers")),
  teamsMax: v.number(),
  checkInMinutes: v.number(),
  startDelayMinutes: v.number(),
  noShowWalkover: v.boolean(),
  scheduleWindow: v.optional(v.object({ from: v.number(), to: v.number() })),
};

/** The bracket as it would be after `change`, for a capability's commit and the preview alike. */
export type MatchChange =
  | { kind: "result"; winner: Id<"cupTeams">; winnerMaps: number; loserMaps: number }
  | { kind: "walkover"; winner: Id<"cupTeams"> }
  | { kind: "replay" };

export const vMatchChange = v.union(
  v.object({
    kind: v.literal("result"),
    winner: v.id("cupTeams"),
    winnerMaps: v.number(),
    loserMaps: v.number(),
  }),
  v.object({ kind: v.literal("walkover"), winner: v.id("cupTeams") }),
  v.object({ kind: v.literal("replay") }),
);

export function changed(bracket: Bracket, key: string, change: MatchChange): Bracket {
  if (change.kind === "replay") return replayMatch(bracket, key);
  const walkover = change.kind === "walkover";
  return recordResult(
    bracket,
    key,
    {
      winner: change.winner,
      winnerMaps: walkover ? 0 : change.winnerMaps,
      loserMaps: walkover ? 0 : change.loserMaps,
      ...(walkover ? { walkover: true } : {}),
    },
    true,
  );
}

async function loadMatch(ctx: QueryCtx, matchId: Id<"cupMatches">) {
  const row = await requireCupMatch(ctx, matchId);
  const cup = await requireCup(ctx, row.cupId);
  if (cup.status !== "running" && cup.status !== "finished") fail("CONFLICT", M.notRunning);
  const rows = await matchRows(ctx, cup._id);
  return { row, cup, rows, bracket: bracketOf(cup, rows) };
}

/** What a change to a match does downstream, with team ids as names, before it is made. */
export async function previewFor(
  ctx: QueryCtx,
  matchId: Id<"cupMatches">,
  change: MatchChange,
): Promise<ChangePreview> {
  const { row, bracket } = await loadMatch(ctx, matchId);
  return previewOf(bracket, changed(bracket, row.key, change), row.key);
}

function teamName(teams: readonly Doc<"cupTeams">[], id: string | null | undefined) {
  return teams.find((t) => t._id === id)?.name ?? "—";
}

export const CUP_CAPABILITIES = {
  create: defineCapability({
    name: "cup_create",
    access: "admin",
    args: vCupSettings,
    returns: v.object({ id: v.id("cups"), slug: v.string() }),
    resolve: (input) => {
      const name = input.name.trim().slice(0, 200);
      checkTeamText(name, M.cupNameInvalid);
      checkConfig(input.bracket, input.teamsMax);
      const longest = Math.max(
        input.bracket.bestOf,
        input.bracket.finalBestOf,
        ...(input.bracket.roundBestOf ?? []),
      );
      // Before the veto's own check, whose complaint about the sequence would hide the cause.
      if (input.veto.mapPool.length < longest) fail("INVALID_INPUT", M.poolTooSmall(longest));
      const veto = validateFormat(input.veto);
      checkMinutes(input.checkInMinutes, 1);
      checkMinutes(input.startDelayMinutes, input.checkInMinutes);
      if (input.serverIds.length === 0 || input.serverIds.length > 16) {
        fail("INVALID_INPUT", M.serverPool);
      }
      return { ...input, name, veto, serverIds: [...new Set(input.serverIds)] };
    },
    commit: async (ctx, input, { actor }) => {
      for (const serverId of input.serverIds) {
        if (!(await ctx.db.get("servers", serverId))) fail("NOT_FOUND", M.serverPool);
      }
      const slug = await freshSlug(ctx);
      const id = await ctx.db.insert("cups", {
        ...input,
        slug,
        status: "registration",
        archived: false,
        seeds: [],
        createdBy: actor.username,
        createdAt: Date.now(),
      });
      return { result: { id, slug }, details: `${slug}: ${input.name} (${input.bracket.format})` };
    },
  }),

  /** Adds a team whose players are given by SteamID64 (the first is the captain). */
  addTeam: defineCapability({
    name: "cup_team_add",
    access: "admin",
    args: { cupId: v.id("cups"), name: v.string(), tag: v.string(), steamIds: v.array(v.string()) },
    returns: v.id("cupTeams"),
    resolve: ({ cupId, name, tag, steamIds }) => {
      const ids = steamIds.slice(0, 10).map((raw) => {
        const parsed = parseSteamId(raw);
        if (parsed.kind !== "id64") fail("INVALID_INPUT", M.steamIdInvalid);
        return parsed.steamId;
      });
      if (ids.length === 0) fail("INVALID_INPUT", M.steamIdInvalid);
      return {
        cupId,
        name: name.trim().slice(0, 100),
        tag: tag.trim().slice(0, 20),
        steamIds: ids,
      };
    },
    commit: async (ctx, { cupId, name, tag, steamIds }) => {
      const cup = await requireCup(ctx, cupId);
      const teams = await teamRows(ctx, cupId);
      const roster = [];
      for (const steamId of steamIds) roster.push(await seatForSteamId(ctx, steamId));
      const id = await addTeamRow(ctx, cup, teams, {
        name,
        tag,
        roster,
        inviteCode: randomToken(12),
      });
      return { result: id, details: `${cup.slug}: ${name} [${tag}]` };
    },
  }),

  /** Seeds the teams (the given order, or at random) and builds the bracket; matches start by themselves. */
  start: defineCapability({
    name: "cup_start",
    access: "admin",
    args: { cupId: v.id("cups"), order: v.optional(v.array(v.id("cupTeams"))) },
    returns: v.null(),
    commit: async (ctx, { cupId, order }) => {
      const cup = await requireCup(ctx, cupId);
      if (cup.status !== "registration") fail("CONFLICT", M.alreadyStarted);
      const teams = await teamRows(ctx, cupId);
      const short = teams.find((t) => t.roster.length < cup.veto.teamSize);
      if (short) fail("CONFLICT", M.rosterShort(short.name, cup.veto.teamSize));
      let ids = teams.map((t) => t._id);
      if (order) {
        const same = order.length === ids.length && order.every((id) => ids.includes(id));
        if (!same) fail("INVALID_INPUT", M.seedOrder);
        ids = order;
      }
      const seeds = seedTeams(ids, cup.seeding, cryptoChance.pick);
      const bracket = createBracket(cup.bracket, seeds);
      const now = Date.now();
      const started = { ...cup, status: "running" as const, seeds, startedAt: now };
      await ctx.db.replace("cups", cup._id, (({ _id, _creationTime, ...rest }) => rest)(started));
      await commitBracket(ctx, started, [], bracket, now);
      return { details: `${cup.slug}: ${teams.length} (${cup.bracket.format}, ${cup.seeding})` };
    },
  }),

  /** Sets, corrects or voids (replay) a match's result, or awards a walkover; audited with what moved. */
  matchChange: defineCapability({
    name: "cup_match",
    access: "admin",
    args: { matchId: v.id("cupMatches"), change: vMatchChange },
    returns: v.null(),
    auditName: ({ change }) =>
      change.kind === "walkover"
        ? "cup_walkover"
        : change.kind === "replay"
          ? "cup_replay"
          : "cup_result",
    commit: async (ctx, { matchId, change }) => {
      const { row, cup, rows, bracket } = await loadMatch(ctx, matchId);
      if (change.kind === "replay" && !row.result) {
        // Undecided (stalled on its server, or its teams never showed): played again from the start.
        if (row.phase === "waiting" || cup.status !== "running") {
          fail("CONFLICT", BRACKET_MESSAGES.notReady);
        }
        await restartMatch(ctx, cup, row, Date.now());
        return { details: `${cup.slug} ${row.key}: replay (${row.phase})` };
      }
      const next = changed(bracket, row.key, change);
      const preview = previewOf(bracket, next, row.key);
      const teams = await teamRows(ctx, cup._id);
      // A finished cup whose result changes is running again until decided anew.
      const live = cup.status === "finished" ? { ...cup, status: "running" as const } : cup;
      if (live !== cup) {
        await ctx.db.patch("cups", cup._id, {
          status: "running",
          champion: undefined,
          finishedAt: undefined,
        });
      }
      await commitBracket(ctx, live, rows, next, Date.now());
      const what =
        change.kind === "replay" ? "replay" : `${change.kind} → ${teamName(teams, change.winner)}`;
      const done = `${cup.slug} ${row.key}: ${what}`;
      const matches = preview.resultsDropped.join(", ");
      return {
        details: matches ? auditDetail("cupResultsDropped", { change: done, matches }) : done,
      };
    },
  }),

  /** A new start time (check-in opens again before it); the old time's jobs find nothing to do. */
  reschedule: defineCapability({
    name: "cup_reschedule",
    access: "admin",
    args: { matchId: v.id("cupMatches"), startAt: v.number() },
    returns: v.null(),
    commit: async (ctx, { matchId, startAt }) => {
      const { row, cup, bracket } = await loadMatch(ctx, matchId);
      const state = resolve(bracket.matches, bracket.seeds).get(row.key)!.state;
      if (
        state !== "ready" ||
        !["waiting", "scheduled", "check_in", "no_show"].includes(row.phase)
      ) {
        fail("CONFLICT", M.notReschedulable);
      }
      const now = Date.now();
      if (!Number.isFinite(startAt) || startAt < now) fail("INVALID_INPUT", M.timeInPast);
      await ctx.db.patch("cupMatches", row._id, { proposal: undefined });
      await schedule(ctx, cup, row, startAt, now);
      return { details: `${cup.slug} ${row.key}: ${new Date(startAt).toISOString()}` };
    },
  }),

  /** A match on a server that is gone or silent moves to another free server of the cup's pool. */
  moveServer: defineCapability({
    name: "cup_move_server",
    access: "admin",
    // Not `serverId`: that one is the capability's own selected server (model/capability/define.ts).
    args: { matchId: v.id("cupMatches"), toServerId: v.id("servers") },
    returns: v.null(),
    commit: async (ctx, { matchId, toServerId: serverId }) => {
      const { row, cup } = await loadMatch(ctx, matchId);
      if ((row.phase !== "veto" && row.phase !== "live") || !row.serverId) {
        fail("CONFLICT", M.notOnServer);
      }
      const server = await ctx.db.get("servers", serverId);
      const free = await freeServers(ctx, cup.serverIds);
      if (!server || server.disabled || serverId === row.serverId || !free.includes(serverId)) {
        fail("CONFLICT", M.serverNotFree);
      }
      const from = (await ctx.db.get("servers", row.serverId))?.name ?? String(row.serverId);
      await moveMatch(ctx, row, serverId);
      return { details: `${cup.slug} ${row.key}: ${from} → ${server.name}`, serverId };
    },
  }),

  archive: defineCapability({
    name: "cup_archive",
    access: "admin",
    args: { cupId: v.id("cups") },
    returns: v.null(),
    commit: async (ctx, { cupId }) => {
      const cup = await requireCup(ctx, cupId);
      await ctx.db.patch("cups", cupId, { archived: true });
      return { details: cup.slug };
    },
  }),
};
