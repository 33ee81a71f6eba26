import { useState } from "react";
import toast from "react-hot-toast";
import { Link } from "react-router-dom";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { paths } from "@/config/paths";
import { useConfirmation } from "@/hooks/use-confirmation";
import { useNow } from "@/hooks/use-now";
import { t } from "@/i18n";
import "@/i18n/load/tournament";
import { toastError } from "@/lib/errors";
import {
  useSeatActivity,
  useTournamentAdmin,
  useTournamentMoves,
  type Seat,
  type TeamKey,
  type Tournament,
} from "../hooks/use-tournament";
import { canJoin, sideOf, TEAM_KEYS, teamLetter } from "../utils/veto";
import { JoinDialog } from "./join-dialog";
import { ReplaceSeatDialog } from "./replace-seat-dialog";
import playerListStyles from "./player-list.module.css";
import styles from "./teams-panel.module.css";

export interface TeamsPanelProps {
  tournament: Tournament;
  seat: Seat | undefined;
  isAdmin: boolean;
}

type SeatRef = { team: TeamKey; nickname: string };

/** What the admin sees of a seat holder's last sign of life. */
type Presence = { idle: boolean; minutes: number };

/** Seen within this long reads as "here now". */
const HERE_MS = 2 * 60_000;

/**
 * Both teams with their players; join buttons while this browser (or, when the tournament needs
 * Steam, this Steam account) has no seat; leaving before the veto; an admin frees or replaces
 * seats until the first launch.
 */
export function TeamsPanel({ tournament, seat, isAdmin }: TeamsPanelProps) {
  const [joining, setJoining] = useState<TeamKey | null>(null);
  const [replacing, setReplacing] = useState<SeatRef | null>(null);
  const moves = useTournamentMoves(tournament.id);
  const { seatOp, freeIdleSeats } = useTournamentAdmin();
  const { ask, dialog } = useConfirmation();
  const steam = tournament.format.steamRequired === true;
  const rosterOpen = isAdmin && tournament.launchedMaps === 0 && !tournament.archived;
  const beforeVeto =
    tournament.status === "waiting_for_teams" || tournament.status === "ready_check";
  // Before the veto the admin sees who is still around, judged by this page's clock.
  const activity = useSeatActivity(tournament.id, rosterOpen && beforeVeto);
  const now = useNow(30_000);
  const presenceOf = (nickname: string): Presence | undefined => {
    const seen = activity?.seats.find((s) => s.nickname === nickname);
    if (!activity || !seen) return undefined;
    const away = Math.max(0, now - seen.lastSeen);
    return { idle: away >= activity.idleAfterMs, minutes: Math.floor(away / 60_000) };
  };
  const idleNames = (activity?.seats ?? [])
    .filter((s) => presenceOf(s.nickname)?.idle)
    .map((s) => s.nickname);
  const idleMinutes = Math.round((activity?.idleAfterMs ?? 0) / 60_000);
  const freeIdle = () =>
    ask({
      title: t("tournament.freeIdleTitle"),
      text: t("tournament.freeIdleText", { minutes: idleMinutes, names: idleNames.join(", ") }),
      confirmLabel: t("tournament.seatFree"),
      run: async () => {
        const done = await freeIdleSeats.run({ tournamentId: tournament.id });
        if (done) toast.success(t("tournament.freeIdleDone", { count: done.freed.length }));
      },
    });

  const join = async (team: TeamKey) => {
    // A Steam seat needs no nickname: the name comes from the linked Steam account.
    if (!steam) return setJoining(team);
    try {
      await moves.join({ team, nickname: "" });
    } catch (error) {
      toastError(error);
    }
  };
  const leave = async () => {
    try {
      await moves.leave();
      toast.success(t("tournament.left"));
    } catch (error) {
      toastError(error);
    }
  };
  const free = (ref: SeatRef) =>
    ask({
      title: t("tournament.seatFreeTitle"),
      text: t("tournament.seatFreeText", { name: ref.nickname, team: tournament[ref.team].name }),
      confirmLabel: t("tournament.seatFree"),
      run: async () => {
        const done = await seatOp.run({ tournamentId: tournament.id, op: "remove", ...ref });
        if (done !== undefined) toast.success(t("tournament.seatChanged"));
      },
    });
  const canLeave =
    !!seat && (tournament.status === "waiting_for_teams" || tournament.status === "ready_check");

  return (
    <Card
      title={t("tournament.teamsTitle")}
      aside={steam ? <Badge tone="accent">{t("tournament.steamBadge")}</Badge> : undefined}
    >
      {steam && seat === null && TEAM_KEYS.some((k) => canJoin(tournament, seat, k)) ? (
        <Notice>
          {t("tournament.steamRequiredNote")} <Link to={paths.me}>{t("tournament.myProfile")}</Link>
        </Notice>
      ) : null}
      <div className={styles.teams}>
        {TEAM_KEYS.map((team) => (
          <TeamBox
            key={team}
            team={team}
            tournament={tournament}
            seat={seat}
            onJoin={() => void join(team)}
            admin={
              rosterOpen
                ? {
                    free: (nickname) => free({ team, nickname }),
                    replace: (nickname) => setReplacing({ team, nickname }),
                    presence: presenceOf,
                    idleMinutes,
                  }
                : undefined
            }
          />
        ))}
      </div>
      {rosterOpen && beforeVeto && idleNames.length > 0 ? (
        <Button size="sm" loading={freeIdleSeats.pending} onClick={freeIdle}>
          {t("tournament.freeIdle", { count: idleNames.length })}
        </Button>
      ) : null}
      {canLeave ? (
        <Button size="sm" onClick={() => void leave()}>
          {t("tournament.leave")}
        </Button>
      ) : null}
      <JoinDialog tournamentId={tournament.id} team={joining} onClose={() => setJoining(null)} />
      {replacing ? (
        <ReplaceSeatDialog
          tournamentId={tournament.id}
          team={replacing.team}
          teamName={tournament[replacing.team].name}
          nickname={replacing.nickname}
          onClose={() => setReplacing(null)}
        />
      ) : null}
      {dialog}
    </Card>
  );
}

function TeamBox({
  team,
  tournament,
  seat,
  onJoin,
  admin,
}: {
  team: TeamKey;
  tournament: Tournament;
  seat: Seat | undefined;
  onJoin: () => void;
  admin?: {
    free: (nickname: string) => void;
    replace: (nickname: string) => void;
    presence: (nickname: string) => Presence | undefined;
    idleMinutes: number;
  };
}) {
  const players = tournament[team].players;
  const side = sideOf(tournament, team);
  const isTurn = tournament.status === "in_progress" && tournament.turn === team;
  const size = tournament.format.teamSize;
  const free = Math.max(0, size - players.length);
  const name = tournament[team].name;
  return (
    <section
      className={styles.team}
      data-team={team}
      data-turn={isTurn || undefined}
      aria-label={name}
    >
      <header className={styles.teamHeader}>
        <span className={styles.teamLetter} aria-hidden="true">
          {teamLetter(team)}
        </span>
        <h3 className={styles.teamName}>{name}</h3>
        {side ? <Badge tone={side === "CT" ? "ct" : "t"}>{side}</Badge> : null}
        {isTurn ? <Badge tone="warning">{t("tournament.turnBadge")}</Badge> : null}
        <span className={styles.teamCount}>
          {players.length}/{size}
        </span>
      </header>
      <ul className={playerListStyles.players}>
        {players.map((p) => {
          const isMe = seat?.team === team && seat.nickname === p.nickname;
          const presence = admin?.presence(p.nickname);
          return (
            <li key={p.nickname} className={playerListStyles.player} data-me={isMe || undefined}>
              <span className={playerListStyles.playerName}>{p.nickname}</span>
              {presence?.idle ? (
                <Badge
                  tone="warning"
                  title={t("tournament.seatIdleTitle", { minutes: admin!.idleMinutes })}
                >
                  {t("tournament.seatIdle", { minutes: presence.minutes })}
                </Badge>
              ) : presence ? (
                <span className={styles.seatSeen}>
                  {presence.minutes * 60_000 < HERE_MS
                    ? t("tournament.seatHere")
                    : t("tournament.seatSeenAgo", { minutes: presence.minutes })}
                </span>
              ) : null}
              {tournament.status === "ready_check" && tournament.ready.includes(p.nickname) ? (
                <Badge tone="success">{t("tournament.readyBadge")}</Badge>
              ) : null}
              {isMe ? <Badge tone="accent">{t("tournament.you")}</Badge> : null}
              {admin ? (
                <span className={styles.seatActions}>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`${t("tournament.seatReplace")}: ${p.nickname}`}
                    onClick={() => admin.replace(p.nickname)}
                  >
                    {t("tournament.seatReplace")}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`${t("tournament.seatFree")}: ${p.nickname}`}
                    onClick={() => admin.free(p.nickname)}
                  >
                    {t("tournament.seatFree")}
                  </Button>
                </span>
              ) : null}
            </li>
          );
        })}
        {Array.from({ length: free }, (_, i) => (
          <li
            key={`free-${i}`}
            className={`${playerListStyles.player} ${playerListStyles.freeSeat}`}
          >
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
