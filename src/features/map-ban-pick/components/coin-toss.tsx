import { useNow } from "@/hooks/use-now";
import { t } from "@/i18n";
import "@/i18n/load/tournament";
import type { Tournament } from "../hooks/use-tournament";
import { teamLetter, teamName } from "../utils/veto";
import styles from "./coin-toss.module.css";

/** How long after the toss the coin still spins for everyone watching. */
const SPIN_MS = 2500;

/** Who starts: the server's coin toss (spinning briefly right after it), or the admin's choice. */
export function CoinToss({ tournament, offset }: { tournament: Tournament; offset: number }) {
  const now = useNow(250) + offset;
  const toss = tournament.history.find((h) => h.action === "coinToss");
  if (!toss) return null;
  const spinning = !toss.fixed && now - toss.at < SPIN_MS;
  const winner = toss.value === "teamB" ? "teamB" : "teamA";
  return (
    <div className={styles.coinRow} role="status" data-testid="coin-toss">
      <span className={styles.coin} data-spinning={spinning || undefined} data-team={winner}>
        {spinning ? "?" : teamLetter(winner)}
      </span>
      <span>
        {spinning
          ? t("tournament.coin.spinning")
          : t(toss.fixed ? "tournament.coin.fixed" : "tournament.coin.result", {
              team: teamName(tournament, winner),
            })}
      </span>
    </div>
  );
}
