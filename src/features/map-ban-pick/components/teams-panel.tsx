import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { t } from "@/i18n/uk";
import type { Seat, TeamKey, Tournament } from "../hooks/use-tournament";
import { canJoin, sideOf, TEAM_KEYS, teamLetter, teamName } from "../utils/veto";
import { JoinDialog } from "./join-dialog";
import styles from "./map-ban-pick.module.css";

export interface TeamsPanelProps {
  tournament: Tournament;
  seat: Seat | undefined;
}

/** Both teams with their players; join buttons while this browser has no seat. */
export function TeamsPanel({ tournament, seat }: TeamsPanelProps) {
  const [joining, setJoining] = useState<TeamKey | null>(null);
  return (
    <Card title={t("tournament.teamsTitle")}>
      <div className={styles.teams}>
        {TEAM_KEYS.map((team) => (
          <TeamBox
            key={team}
            team={team}
            tournament={tournament}
            seat={seat}
            onJoin={() => setJoining(team)}
          />
        ))}
      </div>
      <JoinDialog tournamentId={tournament.id} team={joining} onClose={() => setJoining(null)} />
    </Card>
  );
}

function TeamBox({
  team,
  tournament,
  seat,
  onJoin,
}: {
  team: TeamKey;
  tournament: Tournament;
  seat: Seat | undefined;
  onJoin: () => void;
}) {
  const players = tournament[team].players;
  const side = sideOf(tournament, team);
  const isTurn = tournament.status === "in_progress" && tournament.turn === team;
  const size = tournament.format.teamSize;
  const free = Math.max(0, size - players.length);
  return (
    <section
      className={styles.team}
      data-team={team}
      data-turn={isTurn || undefined}
      aria-label={teamName(team)}
    >
      <header className={styles.teamHeader}>
        <span className={styles.teamLetter} aria-hidden="true">
          {teamLetter(team)}
        </span>
        <h3 className={styles.teamName}>{teamName(team)}</h3>
        {side ? <Badge tone={side === "CT" ? "ct" : "t"}>{side}</Badge> : null}
        {isTurn ? <Badge tone="warning">{t("tournament.turnBadge")}</Badge> : null}
        <span className={styles.teamCount}>
          {players.length}/{size}
        </span>
      </header>
      <ul className={styles.players}>
        {players.map((p) => {
          const isMe = seat?.team === team && seat.nickname === p.nickname;
          return (
            <li key={p.nickname} className={styles.player} data-me={isMe || undefined}>
              <span className={styles.playerName}>{p.nickname}</span>
              {tournament.status === "ready_check" && tournament.ready.includes(p.nickname) ? (
                <Badge tone="success">{t("tournamentX.readyBadge")}</Badge>
              ) : null}
              {isMe ? <Badge tone="accent">{t("tournament.you")}</Badge> : null}
            </li>
          );
        })}
        {Array.from({ length: free }, (_, i) => (
          <li key={`free-${i}`} className={`${styles.player} ${styles.freeSeat}`}>
            {t("tournament.freeSeat")}
          </li>
        ))}
      </ul>
      {canJoin(tournament, seat, team) ? (
        <Button variant="primary" size="sm" block onClick={onJoin}>
          {t("tournament.joinTeam", { team: teamLetter(team) })}
        </Button>
      ) : null}
    </section>
  );
}
