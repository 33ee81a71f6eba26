import { useState } from "react";
import { t } from "@/i18n";
import "@/i18n/load/match";
import "@/i18n/load/tournament";
import type { Id } from "@/lib/backend";
import { toastError } from "@/lib/errors";
import type { Side } from "@/lib/backend";
import { useSidePickForTeam, useTournamentMoves } from "../hooks/use-tournament";
import styles from "./side-picker.module.css";

const SIDES = [
  { side: "CT", name: "teamName.Counter-Terrorist" },
  { side: "T", name: "teamName.Terrorist" },
] as const;

/**
 * CT / T for the team in turn, or for an admin deciding for it (`forTeam`: an admin action, which
 * toasts its own refusal).
 */
export function SidePicker({
  tournamentId,
  expectedStep,
  forTeam,
}: {
  tournamentId: Id<"tournaments">;
  expectedStep: number;
  forTeam: boolean;
}) {
  const { pickSide } = useTournamentMoves(tournamentId);
  const decide = useSidePickForTeam(tournamentId);
  const [pending, setPending] = useState<Side | null>(null);

  const pick = async (side: Side) => {
    setPending(side);
    try {
      if (forTeam) await decide.run({ side, expectedStep });
      else await pickSide({ side, expectedStep });
    } catch (error) {
      toastError(error);
    } finally {
      setPending(null);
    }
  };

  return (
    <div className={styles.sidePicker} role="group" aria-label={t("tournament.pickSide")}>
      {SIDES.map(({ side, name }) => (
        <button
          key={side}
          type="button"
          className={`${styles.sideButton} ${side === "CT" ? styles.sideCt : styles.sideT}`}
          aria-label={t("tournament.pickSideAction", { side })}
          aria-busy={pending === side || undefined}
          disabled={pending !== null}
          onClick={() => void pick(side)}
        >
          <span className={styles.sideCode}>{side}</span>
          <span className={styles.sideName}>{t(name)}</span>
        </button>
      ))}
    </div>
  );
}
