/**
 * Each cup match plays the ban/pick of its best-of on the cup's map pool: the cup's own sequence
 * when it gives that many maps, else the usual one built for it (two bans, then each pick followed
 * by the other team's side, the remaining bans, the decider's side to the team that did not ban
 * last), which checkSequence accepts for any pool of at least that many maps.
 */
import type { TournamentFormat } from "../../lib/tournamentFields";
import type { Step } from "../../lib/tournamentPresets";
import { checkSequence } from "../tournament/formats";

export function vetoSequence(poolSize: number, bestOf: number): Step[] {
  const picks = bestOf - 1;
  let bans = poolSize - 1 - picks;
  const steps: Step[] = [];
  let team: Step["team"] = "teamA";
  const flip = () => (team = team === "teamA" ? "teamB" : "teamA");
  const ban = () => {
    steps.push({ team, action: "Ban" });
    flip();
    bans--;
  };
  for (let i = 0; i < 2 && bans > 0; i++) ban();
  for (let i = 0; i < picks; i++) {
    const picker = team;
    steps.push({ team: picker, action: "Pick" });
    flip();
    steps.push({ team, action: "SidePick" });
    // The other team picks next; its side goes to the first picker.
  }
  while (bans > 0) ban();
  steps.push({ team, action: "SidePick" });
  return steps;
}

export function vetoFor(format: TournamentFormat, bestOf: number): TournamentFormat {
  let series = 0;
  try {
    series = checkSequence(format.mapPool.length, format.sequence);
  } catch {
    series = 0;
  }
  if (series === bestOf) return format;
  return { ...format, preset: "custom", sequence: vetoSequence(format.mapPool.length, bestOf) };
}
