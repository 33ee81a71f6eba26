import { t } from "@/i18n";
import "@/i18n/load/random";
import type { PickAnimation } from "../hooks/use-random-pick";
import { shuffledName } from "../utils/pick-schedule";
import { TeamTag } from "./team-tag";
import styles from "./random.module.css";

/** One slot per chosen player: cycling names while shuffling, then the chosen one. */
export function PickStage({ state }: { state: PickAnimation }) {
  if (state.phase === "idle") return null;
  const chosen = state.result?.chosen ?? [];
  // A slot still spinning never shows someone already revealed in another slot.
  const revealed = new Set(chosen.slice(0, state.revealed).map((p) => p.name));
  const names = state.pool.filter((name) => !revealed.has(name));
  const running = state.phase === "shuffling" || state.phase === "revealing";
  return (
    <div className={styles.stage} aria-busy={running}>
      <p className={styles.stageStatus} role="status">
        {state.phase === "done" ? t("random.done") : t("random.shuffling")}
      </p>
      <ol className={styles.slots}>
        {Array.from({ length: state.slots }, (_, slot) => {
          const player = chosen[slot];
          const shown = player !== undefined && slot < state.revealed;
          return (
            <li
              key={slot}
              className={`${styles.slot} ${shown ? styles.revealed : styles.spinning}`}
              data-testid={shown ? "picked" : "shuffling"}
            >
              <span className={styles.slotIndex}>{slot + 1}</span>
              <span className={styles.slotName}>
                {shown ? player.name : shuffledName(names, state.tick, slot)}
              </span>
              {shown ? <TeamTag team={player.team} /> : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
