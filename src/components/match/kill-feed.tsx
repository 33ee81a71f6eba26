import { t } from "@/i18n";
import "@/i18n/load/match";
import type { Kill, KillPlayer } from "@/lib/backend";
import { weaponName } from "./weapon-names";
import styles from "./kill-feed.module.css";

function Player({ player }: { player: KillPlayer }) {
  const side = player.side === "CT" ? styles.ct : player.side === "T" ? styles.t : "";
  return (
    <span className={`${styles.name} ${side}`}>
      {player.name}
      {player.bot ? <span className={styles.bot}>{t("killFeed.bot")}</span> : null}
    </span>
  );
}

/**
 * The last kills, newest first: attacker, weapon, how (head, through a wall or smoke, without a
 * scope, blinded), victim. Names are text; each side in its colour. On a narrow screen a row wraps.
 */
export function KillFeed({ kills, overlay = false }: { kills: Kill[]; overlay?: boolean }) {
  return (
    <ol
      className={`${styles.feed} ${overlay ? styles.overlay : ""}`}
      aria-label={t("killFeed.label")}
      data-testid="kill-feed"
    >
      {kills.map((kill) => (
        <li key={kill.key} className={styles.row} data-testid="kill-row">
          <Player player={kill.attacker} />
          <span className={styles.how}>
            <span className={styles.weapon}>{weaponName(kill.weapon)}</span>
            {kill.headshot ? (
              <abbr className={`${styles.flag} ${styles.hs}`} title={t("killFeed.headshot")}>
                HS
              </abbr>
            ) : null}
            {kill.penetrated ? (
              <span className={styles.flag}>{t("killFeed.penetrated")}</span>
            ) : null}
            {kill.noscope ? <span className={styles.flag}>{t("killFeed.noscope")}</span> : null}
            {kill.throughSmoke ? (
              <span className={styles.flag}>{t("killFeed.throughSmoke")}</span>
            ) : null}
            {kill.attackerBlind ? (
              <span className={styles.flag}>{t("killFeed.attackerBlind")}</span>
            ) : null}
          </span>
          <Player player={kill.victim} />
        </li>
      ))}
    </ol>
  );
}
