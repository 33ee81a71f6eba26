/**
 * What the screen derives from the live tournament: who may do what now, and what the status
 * banner says. The backend enforces every rule again; these only decide what to offer.
 */
import { plural } from "@/i18n/format";
import { t } from "@/i18n";
import "@/i18n/load/tournament";
import { gameModeLabel, mapLabel } from "@/lib/maps";
import { otherSide, type Side } from "@/lib/backend";
import type { Seat, TeamKey, Tournament } from "../hooks/use-tournament";

export const TEAM_KEYS = ["teamA", "teamB"] as const satisfies readonly TeamKey[];

/** The two teams as the admin named them. */
export type TeamNames = Pick<Tournament, TeamKey>;

/** The admin's name for the team; the default label if the name is blank. */
export function teamName(teams: TeamNames, team: TeamKey): string {
  return teams[team].name.trim() || t(team === "teamA" ? "tournament.teamA" : "tournament.teamB");
}

export function teamLetter(team: TeamKey): string {
  return team === "teamA" ? "A" : "B";
}

export function modeLabel(mode: string): string {
  return gameModeLabel(mode);
}

/** The team whose map ban took `map` out, if any. */
export function bannedBy(tournament: Tournament, map: string): TeamKey | undefined {
  return tournament.bannedMaps.find((b) => b.map === map)?.team;
}

/** The team whose pick put `map` into the series, if any. */
export function pickedBy(tournament: Tournament, map: string): TeamKey | undefined {
  return tournament.pickedMaps.find((b) => b.map === map)?.team;
}

/** Whether this browser's team must ban (or pick, for "Pick") a map now. */
export function canBan(
  tournament: Tournament,
  seat: Seat | undefined,
  phase: "Ban" | "Pick" = "Ban",
): boolean {
  return (
    tournament.status === "in_progress" &&
    tournament.phase === phase &&
    tournament.pausedRemainingMs === undefined &&
    !!seat &&
    seat.team === tournament.turn
  );
}

/** The series map the next side pick is for. */
export function sidePickMap(tournament: Tournament): string | undefined {
  return tournament.series.find((m) => !m.side)?.map;
}

/** The team in turn picks its side; an admin may pick for it. */
export function canPickSide(
  tournament: Tournament,
  seat: Seat | undefined,
  isAdmin: boolean,
): boolean {
  if (tournament.status !== "in_progress" || tournament.phase !== "SidePick") return false;
  if (tournament.pausedRemainingMs !== undefined) return false;
  return isAdmin || (!!seat && seat.team === tournament.turn);
}

/** Only a browser that has not joined yet, and only into a team with a free seat. */
export function canJoin(tournament: Tournament, seat: Seat | undefined, team: TeamKey): boolean {
  return (
    seat === null &&
    !tournament.archived &&
    tournament[team].players.length < tournament.format.teamSize
  );
}

/** The side `team` plays once a side is picked (the picker's choice, the other team the rest). */
export function sideOf(tournament: Tournament, team: TeamKey, mapIndex = 0): Side | undefined {
  const entry = tournament.series[mapIndex];
  if (!entry?.side || !entry.sideBy) return undefined;
  return team === entry.sideBy ? entry.side : otherSide(entry.side);
}

export type BannerTone = "waiting" | "mine" | "other" | "done";

export interface Banner {
  tone: BannerTone;
  title: string;
  detail: string;
}

/** Maps of the series `team` has won so far. */
export function seriesWins(tournament: Tournament, team: TeamKey): number {
  return tournament.seriesResults.filter((r) => r.winner === team).length;
}

/**
 * After the veto: the series' winner once declared; else the map launched last (a series launches
 * map by map); else the first map, waiting for the admin's launch.
 */
function finishedBanner(tournament: Tournament, firstMap: string): Banner {
  const teamA = teamName(tournament, "teamA");
  const teamB = teamName(tournament, "teamB");
  const single = tournament.series.length <= 1;
  const winner = tournament.seriesWinner;
  if (winner) {
    // One map: its rounds; a series: its maps.
    const only = single ? tournament.seriesResults[0] : undefined;
    return {
      tone: "done",
      title: t(single ? "tournament.banner.matchWon" : "tournament.banner.seriesWon", {
        team: teamName(tournament, winner),
      }),
      detail: t("tournament.banner.wonDetail", {
        teamA,
        teamB,
        a: only?.scoreA ?? seriesWins(tournament, "teamA"),
        b: only?.scoreB ?? seriesWins(tournament, "teamB"),
      }),
    };
  }
  const current = Math.max(0, tournament.launchedMaps - 1);
  const sideA = sideOf(tournament, "teamA", current) ?? "";
  const sideB = sideOf(tournament, "teamB", current) ?? "";
  if (tournament.launchedMaps > 0) {
    const vars = {
      n: current + 1,
      total: tournament.series.length,
      map: mapLabel(tournament.series[current]?.map ?? ""),
      mode: modeLabel(tournament.launchedMode ?? ""),
    };
    return {
      tone: "done",
      title: t(single ? "tournament.banner.launched" : "tournament.banner.launchedMap", vars),
      detail: t("tournament.banner.launchedDetail", { teamA, sideA, teamB, sideB }),
    };
  }
  if (!single) {
    // A series names every map it will play, in order, and the sides of the first.
    return {
      tone: "done",
      title: t("tournament.banner.finishedSeries", {
        maps: tournament.series.map((m) => mapLabel(m.map)).join(" → "),
      }),
      detail: t("tournament.banner.finishedSeriesDetail", {
        map: firstMap,
        teamA,
        sideA,
        teamB,
        sideB,
      }),
    };
  }
  return {
    tone: "done",
    title: t("tournament.banner.finished", { map: firstMap, team: teamA, side: sideA }),
    detail: t("tournament.banner.finishedDetail", { team: teamB, side: sideB }),
  };
}

export function describeBanner(
  tournament: Tournament,
  seat: Seat | undefined,
  isAdmin: boolean,
): Banner {
  const map = mapLabel(
    (tournament.status === "finished" ? tournament.series[0]?.map : sidePickMap(tournament)) ?? "",
  );
  if (tournament.archived) {
    return {
      tone: "done",
      title: t("tournament.banner.archived"),
      detail: t("tournament.banner.archivedDetail"),
    };
  }
  if (tournament.status === "ready_check") {
    return {
      tone: "waiting",
      title: t("tournament.banner.ready"),
      detail: t(seat ? "tournament.banner.readySeated" : "tournament.banner.readyOther"),
    };
  }
  if (tournament.status === "waiting_for_teams") {
    return {
      tone: "waiting",
      title: t("tournament.banner.waiting"),
      detail: t(seat ? "tournament.banner.waitingSeated" : "tournament.banner.waitingJoin", {
        players: plural(tournament.format.teamSize, {
          one: t("tournament.banner.perTeam.one", { n: tournament.format.teamSize }),
          few: t("tournament.banner.perTeam.few", { n: tournament.format.teamSize }),
          many: t("tournament.banner.perTeam.many", { n: tournament.format.teamSize }),
        }),
      }),
    };
  }
  if (tournament.status === "finished") return finishedBanner(tournament, map);
  const turn = tournament.turn ?? "teamA";
  const team = teamName(tournament, turn);
  const mine = seat?.team === turn;
  if (tournament.phase === "SidePick") {
    let detail = t("tournament.banner.sideOther", { map, team });
    if (mine) detail = t("tournament.banner.sideMine", { map });
    else if (isAdmin) detail = t("tournament.banner.sideAdmin", { map, team });
    return { tone: mine ? "mine" : "other", title: t("tournament.banner.side", { team }), detail };
  }
  if (tournament.phase === "Pick") {
    let detail = t("tournament.banner.pickSpectator");
    if (mine) detail = t("tournament.banner.pickMine");
    else if (seat) detail = t("tournament.banner.pickOther", { team });
    return { tone: mine ? "mine" : "other", title: t("tournament.banner.pick", { team }), detail };
  }
  let detail = t("tournament.banner.banSpectator");
  if (mine) detail = t("tournament.banner.banMine");
  else if (seat) detail = t("tournament.banner.banOther", { team });
  return { tone: mine ? "mine" : "other", title: t("tournament.banner.ban", { team }), detail };
}
