import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { useConfirmation } from "@/hooks/use-confirmation";
import { t } from "@/i18n/uk";
import type { Id } from "@/lib/backend";
import { useModeration } from "../hooks/use-moderation";
import { durationsFor, useModerationSettings, type ModerationRole } from "../hooks/use-sanctions";
import {
  BAN_PRESETS,
  banDuration,
  banPeriod,
  DEFAULT_BAN_MINUTES,
  parseBanMinutes,
  presetLabel,
} from "../utils/bans";
import { SanctionHistory } from "./sanction-history";
import styles from "./admin.module.css";

const CUSTOM = "custom";

function durationLabel(minutes: number): string {
  const preset = BAN_PRESETS.find((p) => p === minutes);
  return preset === undefined ? banDuration(minutes) : presetLabel(preset);
}

/**
 * Admin controls in the player modal: kick, ban and slay, which the plugin does not offer yet
 * (disabled, 'тимчасово недоступно'). The ban length is a preset (1 hour by default; "forever" is
 * a deliberate choice, never the default) or a custom number of minutes (0 = forever, spec §5).
 * Kick and ban ask first, naming the player and the length.
 */
export function PlayerModeration({
  serverId,
  player,
  role = "admin",
}: {
  serverId: Id<"servers"> | undefined;
  player: { steamId: string; name: string };
  /** Moderators see only the durations they may give (never permanent, up to the maximum). */
  role?: ModerationRole;
}) {
  const { kick, ban } = useModeration(serverId);
  const settings = useModerationSettings();
  const { ask, dialog } = useConfirmation();
  const durations = durationsFor(role, settings);
  const fallback = durations.includes(DEFAULT_BAN_MINUTES) ? DEFAULT_BAN_MINUTES : durations[0];
  const [choice, setChoice] = useState(String(fallback ?? CUSTOM));
  const [custom, setCustom] = useState("");
  const [error, setError] = useState<string>();
  const [banReason, setBanReason] = useState("");
  const [kickReason, setKickReason] = useState("");
  const [ownReason, setOwnReason] = useState("");
  const slayNote = useId();
  const who = { name: player.name, steamId: player.steamId };
  const durationOptions = [
    ...durations.map((minutes) => ({ value: String(minutes), label: durationLabel(minutes) })),
    { value: CUSTOM, label: t("admin.player.preset.custom") },
  ];
  // Free text wins over the preset; a preset defaults to the first one in the list.
  const reasonFor = (preset: string, list: string[]) => ownReason.trim() || preset || list[0] || "";

  const onBan = () => {
    const minutes = choice === CUSTOM ? parseBanMinutes(custom) : Number(choice);
    if (minutes === null) {
      setError(t("admin.player.durationInvalid"));
      return;
    }
    setError(undefined);
    const reason = reasonFor(banReason, settings.banReasons);
    ask({
      title: t("admin.confirm.banTitle"),
      text: t("admin.confirm.banText", { ...who, duration: banPeriod(minutes) }),
      confirmLabel: t("admin.player.ban"),
      run: () => ban.run({ steamId: player.steamId, duration: minutes, reason }),
    });
  };

  const onKick = () => {
    const reason = reasonFor(kickReason, settings.kickReasons);
    ask({
      title: t("admin.confirm.kickTitle"),
      text: t("admin.confirm.kickText", who),
      confirmLabel: t("admin.player.kick"),
      run: () => kick.run({ steamId: player.steamId, reason }),
    });
  };

  return (
    <>
      <section className={styles.moderation} aria-label={t("admin.player.title")}>
        <h3 className={styles.moderationTitle}>{t("admin.player.title")}</h3>
        <div className={styles.moderationRow}>
          <Select
            className={styles.reason}
            label={t("moderation.banReason")}
            value={banReason || (settings.banReasons[0] ?? "")}
            options={settings.banReasons.map((r) => ({ value: r, label: r }))}
            onChange={setBanReason}
          />
          <Select
            className={styles.reason}
            label={t("moderation.kickReason")}
            value={kickReason || (settings.kickReasons[0] ?? "")}
            options={settings.kickReasons.map((r) => ({ value: r, label: r }))}
            onChange={setKickReason}
          />
          <TextField
            className={styles.reason}
            label={t("moderation.ownReason")}
            maxLength={100}
            value={ownReason}
            onChange={(e) => setOwnReason(e.target.value)}
          />
        </div>
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
            options={durationOptions}
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
      <SanctionHistory steamId={player.steamId} />
    </>
  );
}
