/**
 * Who sits where in a tournament: joining (by nickname or a linked Steam account), leaving before
 * the veto, an admin freeing or handing over a seat, and the names of the tournament and its
 * teams. Plain functions over `TournamentState`, like the rest of the tournament model.
 */
import { looksLikeSteamId } from "../../lib/steamId";
import { NICKNAME_MAX } from "../../lib/catalog";
import { fail } from "../../lib/errors";
import { defaultName } from "../../lib/texts/tournamentNames";
import type { Chance } from "../../lib/random";
import type { TournamentTeamKey } from "../../lib/tournamentFields";
import {
  NAME_MAX,
  teamsFull,
  TOURNAMENT_MESSAGES as M,
  type TournamentCaller,
  type SteamSeat,
  type TournamentState,
} from "./state";
import { startVeto } from "./veto";

// Control characters (incl. NUL, newlines, C1) and bidi overrides, which can disguise a name.
const FORBIDDEN_CHARS = /[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** Trimmed, NFC-normalised nickname, or a refusal. */
export function normalizeNickname(raw: string): string {
  const nickname = raw.trim().normalize("NFC");
  if (!nickname) fail("INVALID_INPUT", M.nicknameBlank);
  if ([...nickname].length > NICKNAME_MAX) fail("INVALID_INPUT", M.nicknameTooLong);
  if (FORBIDDEN_CHARS.test(nickname)) fail("INVALID_INPUT", M.nicknameInvalid);
  // Launch places players by nickname; a SteamID typed here (in any form, fullwidth digits or
  // hidden characters included) must never pick someone else.
  if (looksLikeSteamId(nickname)) fail("INVALID_INPUT", M.nicknameIsSteamId);
  return nickname;
}

function withTeam(
  t: TournamentState,
  team: TournamentTeamKey,
  value: TournamentState["teamA"],
): TournamentState {
  return team === "teamA" ? { ...t, teamA: value } : { ...t, teamB: value };
}

export function join(
  t: TournamentState,
  actor: TournamentCaller,
  team: TournamentTeamKey,
  rawNickname: string,
  now: number,
  chance?: Chance,
  steam?: SteamSeat,
): TournamentState {
  if (t.archived) fail("CONFLICT", M.archived);
  if (actor.team) fail("CONFLICT", M.alreadyJoined);
  if (t.format.steamRequired && !steam) fail("FORBIDDEN", M.steamRequired);
  if (t[team].players.length >= t.format.teamSize) fail("CONFLICT", M.teamFull);
  if (steam && seatBySteamId(t, steam.steamId)) fail("CONFLICT", M.steamSeated);
  const nickname = steam ? steamNickname(t, steam) : normalizeNickname(rawNickname);
  // Launch identifies players by nickname, so two equal names would be ambiguous.
  if (nameTaken(t, nickname)) fail("CONFLICT", M.nicknameTaken);

  const seat = { nickname, joinedAt: now, ...(steam ? { steamId: steam.steamId } : {}) };
  const next: TournamentState = {
    ...withTeam(t, team, { ...t[team], players: [...t[team].players, seat] }),
    history: [...t.history, { at: now, team, action: "join", value: nickname }],
  };
  // A seat freed during the veto is filled without starting anything again.
  if (!teamsFull(next) || t.status !== "waiting_for_teams") return next;
  if (t.format.readyCheck) return { ...next, status: "ready_check" };
  return startVeto(next, now, chance);
}

function nameTaken(t: TournamentState, nickname: string): boolean {
  return [...t.teamA.players, ...t.teamB.players].some(
    (p) => p.nickname.toLowerCase() === nickname.toLowerCase(),
  );
}

/** The team and seat holding this SteamID, if any. */
export function seatBySteamId(t: TournamentState, steamId: string) {
  for (const team of ["teamA", "teamB"] as const) {
    const seat = t[team].players.find((p) => p.steamId === steamId);
    if (seat) return { team, nickname: seat.nickname };
  }
  return null;
}

/**
 * The name a Steam seat shows: the Steam name made safe (control and direction characters out,
 * bounded), told apart by the SteamID's last digits when another seat has it already.
 */
export function steamNickname(t: TournamentState, steam: SteamSeat): string {
  const cleaned = [...steam.name.normalize("NFC").replace(new RegExp(FORBIDDEN_CHARS, "gu"), "")]
    .slice(0, NICKNAME_MAX - 7)
    .join("")
    .trim();
  const base = cleaned && !/^\d{17}$/.test(cleaned) ? cleaned : defaultName("player");
  return nameTaken(t, base) ? `${base} (${steam.steamId.slice(-4)})` : base;
}

/** Before the veto starts, a player gives up their seat. */
export function leave(
  t: TournamentState,
  actor: TournamentCaller,
  nickname: string | null,
  now: number,
): TournamentState {
  if (!actor.team || !nickname) fail("FORBIDDEN", M.notMember);
  if (t.status !== "waiting_for_teams" && t.status !== "ready_check") {
    fail("CONFLICT", M.leaveTooLate);
  }
  return withoutSeat(t, actor.team, nickname, now, "leave");
}

function withoutSeat(
  t: TournamentState,
  team: TournamentTeamKey,
  nickname: string,
  now: number,
  action: "leave" | "remove",
): TournamentState {
  if (!t[team].players.some((p) => p.nickname === nickname)) fail("NOT_FOUND", M.seatNotFound);
  const next: TournamentState = {
    ...withTeam(t, team, {
      ...t[team],
      players: t[team].players.filter((p) => p.nickname !== nickname),
    }),
    ready: t.ready.filter((n) => n !== nickname),
    history: [...t.history, { at: now, team, action, value: nickname }],
  };
  // Teams are no longer full: a ready check waits for the seat again.
  return t.status === "ready_check" ? { ...next, status: "waiting_for_teams" } : next;
}

/** Seats change only before the first launch and while not archived. */
export function checkRosterOpen(t: Pick<TournamentState, "archived" | "launchedMaps">) {
  if (t.archived) fail("CONFLICT", M.archived);
  if (t.launchedMaps > 0) fail("CONFLICT", M.rosterLocked);
}

/** An admin frees a seat, at any time before the first launch; anyone may take it again. */
export function removeSeat(
  t: TournamentState,
  team: TournamentTeamKey,
  nickname: string,
  now: number,
): TournamentState {
  checkRosterOpen(t);
  return withoutSeat(t, team, nickname, now, "remove");
}

/**
 * An admin puts another player in a seat, at any time before the first launch. The seat is bound
 * to the new SteamID (that player acts in the tournament once signed in with it linked).
 */
export function replaceSeat(
  t: TournamentState,
  team: TournamentTeamKey,
  nickname: string,
  steam: SteamSeat,
  now: number,
): TournamentState {
  checkRosterOpen(t);
  if (!t[team].players.some((p) => p.nickname === nickname)) fail("NOT_FOUND", M.seatNotFound);
  if (seatBySteamId(t, steam.steamId)) fail("CONFLICT", M.steamSeated);
  const rest = withTeam(t, team, {
    ...t[team],
    players: t[team].players.filter((p) => p.nickname !== nickname),
  });
  const newName = steamNickname(rest, steam);
  return {
    ...withTeam(t, team, {
      ...t[team],
      players: t[team].players.map((p) =>
        p.nickname === nickname ? { nickname: newName, joinedAt: now, steamId: steam.steamId } : p,
      ),
    }),
    ready: t.ready.filter((n) => n !== nickname),
    history: [
      ...t.history,
      { at: now, team, action: "replace", value: `${nickname} → ${newName}` },
    ],
  };
}

/** Trimmed name for a tournament or a team; empty means "the default". */
export function normalizeName(raw: string): string {
  const name = raw.trim().normalize("NFC");
  if ([...name].length > NAME_MAX) fail("INVALID_INPUT", M.nameTooLong);
  if (FORBIDDEN_CHARS.test(name)) fail("INVALID_INPUT", M.nameInvalid);
  return name;
}

/** An admin names the tournament and its teams (blank team names go back to the defaults). */
export function rename(
  t: TournamentState,
  names: { name: string; teamA: string; teamB: string },
): TournamentState {
  const name = normalizeName(names.name);
  const teamA = normalizeName(names.teamA) || defaultName("teamA");
  const teamB = normalizeName(names.teamB) || defaultName("teamB");
  const { name: _old, ...rest } = t;
  return {
    ...rest,
    ...(name ? { name } : {}),
    teamA: { ...t.teamA, name: teamA },
    teamB: { ...t.teamB, name: teamB },
  };
}
