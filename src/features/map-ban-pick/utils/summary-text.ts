/**
 * The finished veto, and the series as it is played, as plain text an admin can paste into
 * Discord, in the visitor's language.
 */
import { dateFormat } from "@/i18n/format";
import { t } from "@/i18n";
import "@/i18n/load/tournament";
import type { TeamKey, Tournament } from "../hooks/use-tournament";
import { seriesWins } from "./veto";

// A Discord channel's readers are anywhere: the moves' times are in UTC and say so.
const UTC_TIME = dateFormat({
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

const time = (at: number) => `${UTC_TIME.format(at)} UTC`;

/** A played map's result, team A's rounds first: ` — Вовки 13:9`. */
function resultText(tournament: Tournament, mapIndex: number): string {
  const r = tournament.seriesResults.find((x) => x.mapIndex === mapIndex);
  if (!r) return "";
  const who = r.winner === "draw" ? t("tournament.summary.draw") : tournament[r.winner].name;
  return ` — ${who} ${r.scoreA}:${r.scoreB}`;
}

export function summaryText(tournament: Tournament): string {
  const name = (team: TeamKey) => tournament[team].name;
  const size = `${tournament.format.teamSize}x${tournament.format.teamSize}`;
  const lines = [
    tournament.name
      ? t("tournament.summary.titleNamed", { name: tournament.name, size })
      : t("tournament.summary.title", { slug: tournament.slug, size }),
  ];
  for (const team of ["teamA", "teamB"] as const) {
    lines.push(`${name(team)}: ${tournament[team].players.map((p) => p.nickname).join(", ")}`);
  }
  tournament.series.forEach((m, i) => {
    const by = m.pickedBy
      ? t("tournament.summary.pickedBy", { team: name(m.pickedBy) })
      : t("tournament.summary.decider");
    const side =
      m.side && m.sideBy
        ? `, ${t("tournament.summary.side", { team: name(m.sideBy), side: m.side })}`
        : "";
    const map = t("tournament.summary.map", { n: i + 1, map: m.map });
    lines.push(`${map} (${by}${side})${resultText(tournament, i)}`);
  });
  if (tournament.seriesWinner) {
    const score =
      tournament.series.length > 1
        ? ` (${seriesWins(tournament, "teamA")} : ${seriesWins(tournament, "teamB")})`
        : "";
    lines.push(
      `${t("tournament.summary.winner", { team: name(tournament.seriesWinner) })}${score}`,
    );
  }
  lines.push(t("tournament.summary.veto"));
  for (const h of tournament.history) {
    // The veto's own moves; seats taken, left or changed are not part of it.
    if (
      h.action !== "coinToss" &&
      h.action !== "Ban" &&
      h.action !== "Pick" &&
      h.action !== "SidePick"
    ) {
      continue;
    }
    const how = h.auto
      ? ` (${t("tournament.summary.auto")})`
      : h.fixed
        ? ` (${t("tournament.summary.fixed")})`
        : "";
    if (h.action === "coinToss") {
      // The toss stores the starting team's id: say its name.
      const starts = h.value === "teamA" || h.value === "teamB" ? name(h.value) : h.value;
      lines.push(`${time(h.at)} ${t("tournament.summary.coinToss", { team: starts })}${how}`);
      continue;
    }
    const on = h.map ? ` ${t("tournament.summary.on", { map: h.map })}` : "";
    const move = t(`tournament.summary.${h.action}`);
    lines.push(`${time(h.at)} ${name(h.team)}: ${move} ${h.value}${on}${how}`);
  }
  return lines.join("\n");
}
