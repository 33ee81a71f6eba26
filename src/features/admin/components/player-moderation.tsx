import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { useConfirmation } from "@/hooks/use-confirmation";
import { t } from "@/i18n/uk";
import type { Id } from "@/lib/backend";
import { useModeration } from "../hooks/use-moderation";
import {
  BAN_PRESETS,
  banPeriod,
  DEFAULT_BAN_MINUTES,
  parseBanMinutes,
  presetLabel,
} from "../utils/bans";
import styles from "./admin.module.css";

const CUSTOM = "custom";
const DURATION_OPTIONS = [
  ...BAN_PRESETS.map((minutes) => ({ value: String(minutes), label: presetLabel(minutes) })),
  { value: CUSTOM, label: t("admin.player.preset.custom") },
];

/**
 * Admin controls in the player modal: kick, ban and slay, which the plugin does not offer yet
 * (disabled, 'тимчасово недоступно'). The ban length is a preset (1 hour by default; "forever" is
 * a deliberate choice, never the default) or a custom number of minutes (0 = forever, spec §5).
 * Kick and ban ask first, naming the player and the length.
 */
export function PlayerModeration({
  serverId,
  player,
}: {
  serverId: Id<"servers"> | undefined;
  player: { steamId: string; name: string };
}) {
  const { kick, ban } = useModeration(serverId);
  const { ask, dialog } = useConfirmation();
  const [choice, setChoice] = useState(String(DEFAULT_BAN_MINUTES));
  const [custom, setCustom] = useState("");
  const [error, setError] = useState<string>();
  const slayNote = useId();
  const who = { name: player.name, steamId: player.steamId };

  const onBan = () => {
    const minutes = choice === CUSTOM ? parseBanMinutes(custom) : Number(choice);
    if (minutes === null) {
      setError(t("admin.player.durationInvalid"));
      return;
    }
    setError(undefined);
    ask({
      title: t("admin.confirm.banTitle"),
      text: t("admin.confirm.banText", { ...who, duration: banPeriod(minutes) }),
      confirmLabel: t("admin.player.ban"),
      run: () => ban.run({ steamId: player.steamId, duration: minutes }),
    });
  };

  const onKick = () =>
    ask({
      title: t("admin.confirm.kickTitle"),
      text: t("admin.confirm.kickText", who),
      confirmLabel: t("admin.player.kick"),
      run: () => kick.run({ steamId: player.steamId }),
    });

  return (
    <section className={styles.moderation} aria-label={t("admin.player.title")}>
      <h3 className={styles.moderationTitle}>{t("admin.player.title")}</h3>
      <form
        className={styles.moderationRow}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onBan();
        }}
      >
        <Select
          label={t("admin.player.duration")}
          value={choice}
          options={DURATION_OPTIONS}
          onChange={(value) => {
            setChoice(value);
            setError(undefined);
          }}
        />
        {choice === CUSTOM ? (
          <TextField
            className={styles.duration}
            label={t("admin.player.customMinutes")}
            inputMode="numeric"
            value={custom}
            error={error}
            onChange={(e) => setCustom(e.target.value)}
          />
        ) : null}
        <Button type="submit" variant="danger" loading={ban.pending}>
          {t("admin.player.ban")}
        </Button>
        <Button loading={kick.pending} onClick={onKick}>
          {t("admin.player.kick")}
        </Button>
        <Button disabled title={t("admin.player.unavailable")} aria-describedby={slayNote}>
          {t("admin.player.slay")}
        </Button>
        <span id={slayNote} className={styles.unavailable}>
          {t("admin.player.unavailable")}
        </span>
      </form>
      {dialog}
    </section>
  );
}
