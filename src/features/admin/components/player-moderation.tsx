import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { t } from "@/i18n/uk";
import type { Id } from "@/lib/backend";
import { useModeration } from "../hooks/use-moderation";
import { parseBanMinutes } from "../utils/bans";
import styles from "./admin.module.css";

/**
 * Admin controls in the player modal: kick, ban (whole minutes ≥ 0, 0 = forever) and slay, which
 * the plugin does not offer yet (disabled, 'тимчасово недоступно').
 */
export function PlayerModeration({
  serverId,
  player,
}: {
  serverId: Id<"servers"> | undefined;
  player: { steamId: string; name: string };
}) {
  const { kick, ban } = useModeration(serverId);
  const [duration, setDuration] = useState("0");
  const [error, setError] = useState<string>();
  const slayNote = useId();

  const onBan = async () => {
    const minutes = parseBanMinutes(duration);
    if (minutes === null) {
      setError(t("admin.player.durationInvalid"));
      return;
    }
    setError(undefined);
    await ban.run({ steamId: player.steamId, duration: minutes });
  };

  return (
    <section className={styles.moderation} aria-label={t("admin.player.title")}>
      <h3 className={styles.moderationTitle}>{t("admin.player.title")}</h3>
      <form
        className={styles.moderationRow}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onBan();
        }}
      >
        <TextField
          className={styles.duration}
          label={t("admin.player.duration")}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={duration}
          error={error}
          onChange={(e) => setDuration(e.target.value)}
        />
        <Button type="submit" variant="danger" loading={ban.pending}>
          {t("admin.player.ban")}
        </Button>
        <Button loading={kick.pending} onClick={() => void kick.run({ steamId: player.steamId })}>
          {t("admin.player.kick")}
        </Button>
        <Button disabled title={t("admin.player.unavailable")} aria-describedby={slayNote}>
          {t("admin.player.slay")}
        </Button>
        <span id={slayNote} className={styles.unavailable}>
          {t("admin.player.unavailable")}
        </span>
      </form>
    </section>
  );
}
