/** The finished veto, and the series as it is played, as plain text an admin can paste into Discord. */
import { seriesScore, type TournamentState } from "./state";

const ACTION_LABELS = {
  Ban: "бан",
  Pick: "вибір мапи",
  SidePick: "сторона",
} as const;

function teamName(t: TournamentState, team: "teamA" | "teamB") {
  return t[team].name;
}

function time(at: number) {
  return new Date(at).toLocaleTimeString("uk-UA", { timeZone: "UTC", hour12: false }) + " UTC";
}

/** A played map's result, team A's rounds first: ` — Вовки 13:9`. */
function resultText(t: TournamentState, mapIndex: number): string {
  const r = t.seriesResults?.find((x) => x.mapIndex === mapIndex);
  if (!r) return "";
  const who = r.winner === "draw" ? "нічия" : teamName(t, r.winner);
  return ` — ${who} ${r.scoreA}:${r.scoreB}`;
}

export function summaryText(t: TournamentState): string {
  const size = `${t.format.teamSize}x${t.format.teamSize}`;
  const lines = [`Турнір ${t.name ? `«${t.name}»` : t.slug} (${size})`];
  for (const team of ["teamA", "teamB"] as const) {
    lines.push(`${teamName(t, team)}: ${t[team].players.map((p) => p.nickname).join(", ")}`);
  }
  t.series.forEach((m, i) => {
    const side = m.side && m.sideBy ? `, ${teamName(t, m.sideBy)} за ${m.side}` : "";
    const by = m.pickedBy ? `вибір ${teamName(t, m.pickedBy)}` : "вирішальна";
    lines.push(`Мапа ${i + 1}: ${m.map} (${by}${side})${resultText(t, i)}`);
  });
  if (t.seriesWinner) {
    const wins = seriesScore(t);
    const score = t.series.length > 1 ? ` (${wins.teamA} : ${wins.teamB})` : "";
    lines.push(`Переможець: ${teamName(t, t.seriesWinner)}${score}`);
  }
  lines.push("Хід вето:");
  for (const h of t.history) {
    // The veto's own moves; seats taken, left or changed are not part of it.
    if (
      h.action !== "coinToss" &&
      h.action !== "Ban" &&
      h.action !== "Pick" &&
      h.action !== "SidePick"
    ) {
      continue;
    }
    const how = h.auto ? " (автоматично: час вийшов)" : h.fixed ? " (призначено)" : "";
    const on = h.map ? ` на ${h.map}` : "";
    if (h.action === "coinToss") {
      // The toss stores the starting team's id: say its name.
      const starts = h.value === "teamA" || h.value === "teamB" ? teamName(t, h.value) : h.value;
      lines.push(`${time(h.at)} Жереб: починає ${starts}${how}`);
      continue;
    }
    lines.push(
      `${time(h.at)} ${teamName(t, h.team)}: ${ACTION_LABELS[h.action]} ${h.value}${on}${how}`,
    );
  }
  return lines.join("\n");
}
