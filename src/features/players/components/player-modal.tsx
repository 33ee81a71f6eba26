import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { Badge } from "@/components/ui/badge";
import { Dialog } from "@/components/ui/dialog";
import { weaponName } from "@/components/match/weapon-names";
import { formatDateTime, formatInteger, formatRatio } from "@/i18n/format";
import { t, type MessageKey } from "@/i18n";
import "@/i18n/load/common";
import "@/i18n/load/players";
import { playerPath } from "@/config/paths";
import { isSteamId64, type Player } from "@/lib/backend";
import { lacksSteamId } from "../utils/steam-id";
import { TeamBadge } from "./team-badge";
import styles from "./players.module.css";

type Stat = { label: MessageKey; value: (p: Player) => string };

const int = (key: keyof Player) => (p: Player) => formatInteger(Number(p[key]));

const STAT_GROUPS: { title: MessageKey; stats: Stat[] }[] = [
  {
    title: "player.group.combat",
    stats: [
      { label: "player.kills", value: int("kills") },
      { label: "player.deaths", value: int("deaths") },
      { label: "player.assists", value: int("assists") },
      { label: "player.headshots", value: int("headshots") },
      { label: "player.chickenKills", value: int("chickenKills") },
      { label: "player.kdRatio", value: (p) => formatRatio(p.kdRatio) },
      { label: "player.totalDamage", value: int("totalDamage") },
    ],
  },
  {
    title: "player.group.objectives",
    stats: [
      { label: "player.bombPlants", value: int("bombPlants") },
      { label: "player.bombDefuses", value: int("bombDefuses") },
      { label: "player.grenadeKills", value: int("grenadeKills") },
      { label: "player.grenadeDamageDealt", value: int("grenadeDamageDealt") },
      { label: "player.enemiesFlashed", value: int("enemiesFlashed") },
      { label: "player.mvp", value: int("mvp") },
    ],
  },
  {
    title: "player.group.general",
    stats: [
      {
        label: "player.playTime",
        value: (p) => t("player.minutes", { n: formatInteger(Math.round(p.playTimeMinutes)) }),
      },
      { label: "player.roundsPlayed", value: int("roundsPlayed") },
      { label: "player.score", value: int("score") },
      { label: "player.firstSeen", value: (p) => formatDateTime(p.firstSeen) },
      { label: "player.lastSeen", value: (p) => formatDateTime(p.lastSeen) },
      {
        label: "player.lastWeapon",
        value: (p) => (p.lastWeaponUsed ? weaponName(p.lastWeaponUsed) : t("common.dash")),
      },
    ],
  },
];

export function PlayerModal({
  player,
  onClose,
  actions,
}: {
  player: Player | null;
  onClose: () => void;
  /** Admin controls (kick, ban, …), supplied by the admin feature. */
  actions?: ReactNode;
}) {
  return (
    <Dialog
      open={player !== null}
      onClose={onClose}
      size="lg"
      title={player?.name}
      subtitle={
        player ? (
          <div className={styles.modalMeta}>
            <TeamBadge team={player.team} long />
            {isSteamId64(player.steamId) ? (
              <>
                <span>
                  {t("player.steamId")}: <span className={styles.steamId}>{player.steamId}</span>
                </span>
                <a
                  href={`https://steamcommunity.com/profiles/${player.steamId}`}
                  target="_blank"
                  rel="noreferrer noopener"
                >
                  {t("player.profile")}
                </a>
                <Link to={playerPath(player.steamId)}>{t("player.career")}</Link>
              </>
            ) : lacksSteamId(player) ? (
              <span>{t("player.steamIdUnknown")}</span>
            ) : (
              <Badge>{t("player.bot")}</Badge>
            )}
          </div>
        ) : null
      }
    >
      {player ? (
        <>
          {player.statsUnknown ? <p className={styles.note}>{t("players.statsUnknown")}</p> : null}
          {lacksSteamId(player) ? <p className={styles.note}>{t("players.noSteamIds")}</p> : null}
          <div className={styles.groups}>
            {STAT_GROUPS.map((group) => (
              <section key={group.title} className={styles.group} aria-label={t(group.title)}>
                <h3 className={styles.groupTitle}>{t(group.title)}</h3>
                <dl className={styles.stats}>
                  {group.stats.map((stat) => (
                    <div key={stat.label} className={styles.stat}>
                      <dt>{t(stat.label)}</dt>
                      <dd>{player.statsUnknown ? t("common.dash") : stat.value(player)}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            ))}
          </div>
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </>
      ) : null}
    </Dialog>
  );
}
