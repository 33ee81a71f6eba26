import { weaponName } from "@/components/match/weapon-names";
import { formatInteger } from "@/i18n/format";
import { t } from "@/i18n";
import "@/i18n/load/history";
import type { WeaponKills } from "@/lib/backend-history";
import styles from "./charts.module.css";

/** Kills by weapon as bars, scaled to the most used weapon; headshots beside the count. */
export function WeaponBars({ weapons }: { weapons: WeaponKills[] }) {
  const max = Math.max(1, ...weapons.map((w) => w.kills));
  return (
    <ul className={`${styles.bars} ${styles.weaponBars}`} aria-label={t("history.match.weapons")}>
      {weapons.map((w) => (
        <li key={w.weapon} className={styles.weaponRow} data-testid="weapon-row">
          <span className={styles.weaponName} title={weaponName(w.weapon)}>
            {weaponName(w.weapon)}
          </span>
          <span className={styles.barTrack}>
            <span className={styles.barAdr} style={{ width: `${(w.kills / max) * 100}%` }} />
            <span className={styles.barValue}>
              {t("history.match.weaponKills", {
                kills: formatInteger(w.kills),
                hs: formatInteger(w.headshots),
              })}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
