/**
 * Cup teams and what their captains and players do: create a team (the creator is its captain),
 * join it by its invite link's code, check in for a match, propose a start time and accept the
 * other captain's. Every seat is a linked Steam account: a player is one SteamID in one team of
 * a cup.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { fail } from "../../lib/errors";
import type { SteamSeat } from "../tournament/state";
import { normalizeName } from "../tournament/roster";

export const TAG_MAX = 8;
/** Players beyond the veto's team size are substitutes. */
export const SUBSTITUTES_MAX = 2;

export const CUP_MESSAGES = {
  cupNameInvalid: "Вкажіть назву кубка.",
  teamNameInvalid: "Вкажіть назву команди.",
  tagInvalid: `Тег команди: від 1 до ${TAG_MAX} символів.`,
  nameTaken: "Команда з такою назвою вже є в кубку.",
  minutes: "Хвилини: ціле число, не більше доби.",
  poolTooSmall: (n: number) => `Для BO${n} у пулі потрібно щонайменше ${n} мап.`,
  serverPool: "Оберіть від 1 до 16 серверів кубка.",
  steamIdInvalid: "Вкажіть SteamID64 або посилання steamcommunity.com/profiles/… кожного гравця.",
  alreadyStarted: "Кубок уже розпочато.",
  notRunning: "Кубок ще не розпочато.",
  registrationClosed: "Реєстрацію команд закрито.",
  cupFull: "У кубку вже максимум команд.",
  rosterShort: (team: string, size: number) =>
    `У команді «${team}» менше ${size} гравців: кубок не можна розпочати.`,
  rosterFull: "У команді вже немає вільних місць.",
  seedOrder: "Посів має містити кожну команду кубка рівно один раз.",
  steamRequired:
    "Для участі в кубку потрібен прив'язаний акаунт Steam: відкрийте «Мій профіль» і натисніть «Прив'язати Steam».",
  alreadyInTeam: "Ви вже граєте в команді цього кубка.",
  badInvite: "Запрошення недійсне.",
  notCaptain: "Це може зробити лише капітан команди.",
  notInMatch: "Ваша команда не грає в цьому матчі.",
  checkInClosed: "Чек-ін цього матчу зараз закрито.",
  alreadyCheckedIn: "Вашу команду вже відмічено.",
  notReschedulable: "Час цього матчу вже не змінити.",
  timeInPast: "Час початку вже минув.",
  outsideWindow: "Цей час поза вікном, яке дозволив адміністратор.",
  noProposal: "Немає запропонованого часу.",
  ownProposal: "Час має прийняти капітан іншої команди.",
  noWindow: "Адміністратор не дозволив капітанам домовлятися про час.",
} as const;
const M = CUP_MESSAGES;

/** A name as the tournament tool takes it (length, no control characters), and not blank. */
export function checkTeamText(raw: string, blank: string): string {
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
