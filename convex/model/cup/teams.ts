/**
 * Cup teams and what their captains and players do: create a team (the creator is its captain),
 * join it by its invite link's code, check in for a match, propose a start time and accept the
 * other captain's. Every seat is a linked Steam account: a player is one SteamID in one team of
 * a cup.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { fail } from "../../lib/errors";
import { worded, type Worded } from "../../lib/messages";
import type { SteamSeat } from "../tournament/state";
import { normalizeName } from "../tournament/roster";

export const TAG_MAX = 8;
/** Players beyond the veto's team size are substitutes. */
export const SUBSTITUTES_MAX = 2;

export const CUP_MESSAGES = {
  cupNameInvalid: worded("refusal.cup.cupNameInvalid"),
  teamNameInvalid: worded("refusal.cup.teamNameInvalid"),
  tagInvalid: worded("refusal.cup.tagInvalid", { max: TAG_MAX }),
  nameTaken: worded("refusal.cup.nameTaken"),
  minutes: worded("refusal.cup.minutes"),
  poolTooSmall: (n: number) => worded("refusal.cup.poolTooSmall", { n }),
  serverPool: worded("refusal.cup.serverPool"),
  steamIdInvalid: worded("refusal.cup.steamIdInvalid"),
  alreadyStarted: worded("refusal.cup.alreadyStarted"),
  notRunning: worded("refusal.cup.notRunning"),
  registrationClosed: worded("refusal.cup.registrationClosed"),
  cupFull: worded("refusal.cup.cupFull"),
  rosterShort: (team: string, size: number) => worded("refusal.cup.rosterShort", { team, size }),
  rosterFull: worded("refusal.cup.rosterFull"),
  seedOrder: worded("refusal.cup.seedOrder"),
  steamRequired: worded("refusal.cup.steamRequired"),
  alreadyInTeam: worded("refusal.cup.alreadyInTeam"),
  badInvite: worded("refusal.cup.badInvite"),
  notCaptain: worded("refusal.cup.notCaptain"),
  notInMatch: worded("refusal.cup.notInMatch"),
  checkInClosed: worded("refusal.cup.checkInClosed"),
  alreadyCheckedIn: worded("refusal.cup.alreadyCheckedIn"),
  notReschedulable: worded("refusal.cup.notReschedulable"),
  notOnServer: worded("refusal.cup.notOnServer"),
  serverNotFree: worded("refusal.cup.serverNotFree"),
  timeInPast: worded("refusal.cup.timeInPast"),
  outsideWindow: worded("refusal.cup.outsideWindow"),
  noProposal: worded("refusal.cup.noProposal"),
  ownProposal: worded("refusal.cup.ownProposal"),
  noWindow: worded("refusal.cup.noWindow"),
};
const M = CUP_MESSAGES;

/** A name as the tournament tool takes it (length, no control characters), and not blank. */
export function checkTeamText(raw: string, blank: Worded): string {
  const name = normalizeName(raw);
  if (!name) fail("INVALID_INPUT", blank);
  return name;
}

export function checkTag(raw: string): string {
  const tag = raw.trim().normalize("NFC");
  if ([...tag].length < 1 || [...tag].length > TAG_MAX) fail("INVALID_INPUT", M.tagInvalid);
  return checkTeamText(tag, M.tagInvalid);
}

/** The team of a cup a SteamID plays in, if any. */
export function teamOfSteamId(
  teams: readonly Doc<"cupTeams">[],
  steamId: string,
): Doc<"cupTeams"> | null {
  return teams.find((t) => t.roster.some((p) => p.steamId === steamId)) ?? null;
}

export async function addTeamRow(
  ctx: MutationCtx,
  cup: Doc<"cups">,
  teams: readonly Doc<"cupTeams">[],
  team: { name: string; tag: string; roster: SteamSeat[]; inviteCode: string },
): Promise<Id<"cupTeams">> {
  if (cup.status !== "registration" || cup.archived) fail("CONFLICT", M.registrationClosed);
  if (teams.length >= cup.teamsMax) fail("CONFLICT", M.cupFull);
  const name = checkTeamText(team.name, M.teamNameInvalid);
  const tag = checkTag(team.tag);
  if (teams.some((t) => t.name.toLowerCase() === name.toLowerCase())) fail("CONFLICT", M.nameTaken);
  for (const p of team.roster) {
    if (teamOfSteamId(teams, p.steamId)) fail("CONFLICT", M.alreadyInTeam);
  }
  if (team.roster.length > cup.veto.teamSize + SUBSTITUTES_MAX) fail("CONFLICT", M.rosterFull);
  return await ctx.db.insert("cupTeams", {
    cupId: cup._id,
    name,
    tag,
    captainSteamId: team.roster[0]!.steamId,
    roster: team.roster,
    inviteCode: team.inviteCode,
    createdAt: Date.now(),
  });
}

/** A player joins by the invite code; their seat is their SteamID. */
export function joinedRoster(
  cup: Doc<"cups">,
  teams: readonly Doc<"cupTeams">[],
  team: Doc<"cupTeams">,
  seat: SteamSeat,
): SteamSeat[] {
  if (cup.status !== "registration" || cup.archived) fail("CONFLICT", M.registrationClosed);
  if (teamOfSteamId(teams, seat.steamId)) fail("CONFLICT", M.alreadyInTeam);
  if (team.roster.length >= cup.veto.teamSize + SUBSTITUTES_MAX) fail("CONFLICT", M.rosterFull);
  return [...team.roster, seat];
}

/** A player of either team checks their team in while check-in is open. */
export function checkedIn(
  row: Doc<"cupMatches">,
  team: Id<"cupTeams">,
  teamsInMatch: readonly (string | null | undefined)[],
): Id<"cupTeams">[] {
  if (!teamsInMatch.includes(team)) fail("FORBIDDEN", M.notInMatch);
  if (row.phase !== "check_in") fail("CONFLICT", M.checkInClosed);
  if (row.checkedIn.includes(team)) fail("CONFLICT", M.alreadyCheckedIn);
  return [...row.checkedIn, team];
}

const PROPOSABLE = new Set(["waiting", "scheduled", "check_in"]);

/** A captain proposes a start inside the admin's window; the other captain accepts it. */
export function checkProposal(
  cup: Doc<"cups">,
  row: Doc<"cupMatches">,
  at: number,
  now: number,
): void {
  if (!cup.scheduleWindow) fail("CONFLICT", M.noWindow);
  if (!PROPOSABLE.has(row.phase)) fail("CONFLICT", M.notReschedulable);
  if (!Number.isFinite(at) || at < now) fail("INVALID_INPUT", M.timeInPast);
  if (at < cup.scheduleWindow.from || at > cup.scheduleWindow.to) {
    fail("INVALID_INPUT", M.outsideWindow);
  }
}
