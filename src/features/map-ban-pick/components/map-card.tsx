import { Badge } from "@/components/ui/badge";
import { Spinner } from "@/components/ui/spinner";
import { t } from "@/i18n";
import "@/i18n/load/tournament";
import { mapLabel } from "@/lib/maps";
import styles from "./map-card.module.css";

export interface MapCardProps {
  map: string;
  /** The name of the team that banned the map. */
  bannedBy: string | undefined;
  /** The name of the team that picked the map. */
  pickedBy?: string;
  /** Position in the series (BO3: 1–3) once the map is in it. */
  seriesNumber?: number;
  isFinal: boolean;
  /** The click picks the map instead of banning it. */
  picking?: boolean;
  /** Set only when this browser may ban the map now: the card then is a button. */
  onBan?: () => void;
  pending?: boolean;
  disabled?: boolean;
}

export function MapCard({
  map,
  bannedBy,
  pickedBy,
  seriesNumber,
  isFinal,
  picking,
  onBan,
  pending,
  disabled,
}: MapCardProps) {
  const label = mapLabel(map);
  const state = bannedBy
    ? "banned"
    : pickedBy
      ? "picked"
      : isFinal
        ? "final"
        : onBan
          ? "bannable"
          : "open";
  const body = (
    <>
      <span className={styles.mapArt} aria-hidden="true">
        <span className={styles.mapWatermark}>{label}</span>
      </span>
      <span className={styles.mapInfo}>
        <span className={styles.mapName}>{label}</span>
        <span className={styles.mapFile}>{map}</span>
      </span>
      <span className={styles.mapStatus}>
        {bannedBy ? (
          <Badge tone="danger">{t("tournament.map.bannedBy", { team: bannedBy })}</Badge>
        ) : pickedBy ? (
          <Badge tone="accent">
            {t("tournament.map.pickedBy", { n: seriesNumber ?? 0, team: pickedBy })}
          </Badge>
        ) : isFinal ? (
          <Badge tone="accent">
            {seriesNumber && seriesNumber > 1
              ? t("tournament.map.decider", { n: seriesNumber })
              : t("tournament.map.final")}
          </Badge>
        ) : onBan ? (
          <span className={styles.banHint}>
            {pending ? <Spinner size="sm" /> : null}
            {t(picking ? "tournament.map.pickHint" : "tournament.map.banHint")}
          </span>
        ) : (
          <Badge>{t("tournament.map.inPool")}</Badge>
        )}
      </span>
    </>
  );
  const common = {
    className: styles.mapCard,
    "data-map": map,
    "data-state": state,
  };
  if (!onBan) {
    return (
      <div {...common} data-testid={`map-${map}`}>
        {body}
      </div>
    );
  }
  return (
    <button
      type="button"
      {...common}
      data-testid={`map-${map}`}
      aria-label={t(picking ? "tournament.map.pickAction" : "tournament.map.banAction", {
        map: label,
      })}
      aria-busy={pending || undefined}
      disabled={disabled}
      onClick={onBan}
    >
      {body}
    </button>
  );
}
