import { Badge } from "@/components/ui/badge";
import { t } from "@/i18n";
import "@/i18n/load/tournament";
import type { Id } from "@/lib/backend";
import { useReadiness, type Tournament } from "../hooks/use-tournament";
import playerListStyles from "./player-list.module.css";
import styles from "./readiness-panel.module.css";

/** Before launch: which participants are connected to the target server ("3/4 на сервері"). */
export function ReadinessPanel({
  tournament,
  serverId,
}: {
  tournament: Tournament;
  serverId: Id<"servers"> | undefined;
}) {
  const show = !!serverId && !tournament.isLaunched && tournament.status !== "waiting_for_teams";
  const readiness = useReadiness(tournament.id, serverId, show);
  if (!show || !readiness) return null;
  return (
    <section className={styles.readiness} aria-label={t("tournament.readinessTitle")}>
      <p className={styles.readinessCount} data-testid="readiness-count">
        {t("tournament.onServer", { n: readiness.connected, total: readiness.total })}
      </p>
      <ul className={playerListStyles.players}>
        {readiness.players.map((p) => (
          <li key={p.nickname} className={playerListStyles.player}>
            <span className={playerListStyles.playerName}>{p.nickname}</span>
            <Badge tone={p.connected ? "success" : "danger"}>
              {t(p.connected ? "tournament.connected" : "tournament.notConnected")}
            </Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}
