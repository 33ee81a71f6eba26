import type { TeamKey } from "../hooks/use-tournament";
import { teamName, type TeamNames } from "../utils/veto";
import styles from "./team-chip.module.css";

/** A team's name in its colour (violet A, teal B: not the CT/T colours, which are sides). */
export function TeamChip({ teams, team }: { teams: TeamNames; team: TeamKey }) {
  return (
    <span className={styles.teamChip} data-team={team}>
      {teamName(teams, team)}
    </span>
  );
}
