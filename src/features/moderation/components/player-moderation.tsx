import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { useConfirmation } from "@/hooks/use-confirmation";
import { t } from "@/i18n";
import "@/i18n/load/admin";
import "@/i18n/load/moderation";
import "@/i18n/load/players";
import { isSteamId64, type Id } from "@/lib/backend";
import { useModeration } from "../hooks/use-moderation";
import { useModerationSettings } from "@/hooks/use-moderation-settings";
import type { ModerationRole } from "../hooks/use-sanctions";
import { banPeriod } from "../utils/bans";
import { useSanctionChoice } from "../hooks/use-sanction-choice";
import { DurationField } from "./sanction-fields";
import { CommsForm } from "./comms-form";
import { SanctionHistory } from "./sanction-history";
import styles from "@/styles/admin.module.css";

/**
 * Admin controls in the player modal: kick, ban and slay, which the plugin does not offer yet
 * (disabled, 'тимчасово недоступно'). The ban length is a preset (1 hour by default; "forever" is
 * a deliberate choice, never the default) or a custom number of minutes (0 = forever).
 * Kick and ban ask first, naming the player and the length; once the server has done either, the
 * player is gone from it and `onDone` closes what showed them.
 */
export function PlayerModeration({
  serverId,
  player,
  role = "admin",
  comms = false,
  onDone,
}: {
  serverId: Id<"servers"> | undefined;
  player: { steamId: string; name: string };
  /** Moderators see only the durations they may give (never permanent, up to the maximum). */
  role?: ModerationRole;
  /** The server runs CS2-SimpleAdmin: mute, gag and silence are offered too. */
  comms?: boolean;
  /** Called after a kick or ban the server carried out. */
  onDone?: () => void;
}) {
  if (!isSteamId64(player.steamId)) {
    return (
      <p className={styles.muted}>
        {t(player.steamId === "0" ? "player.botNoActions" : "player.noSteamIdActions")}
      </p>
    );
  }
  return (
    <HumanModeration
      serverId={serverId}
      player={player}
      role={role}
      comms={comms}
      onDone={onDone}
    />
  );
}

function HumanModeration({
  serverId,
  player,
  role,
  comms,
  onDone,
}: {
  serverId: Id<"servers"> | undefined;
  player: { steamId: string; name: string };
  role: ModerationRole;
  comms: boolean;
  onDone: (() => void) | undefined;
}) {
  const { kick, ban } = useModeration(serverId);
  const settings = useModerationSettings();
  const { ask, dialog } = useConfirmation();
  const choice = useSanctionChoice(role, settings, settings.banReasons);
  const [kickReason, setKickReason] = useState("");
  const slayNote = useId();
  const who = { name: player.name, steamId: player.steamId };

  const onBan = () => {
    const minutes = choice.minutes();
    if (minutes === null) return;
    const reason = choice.reason();
    ask({
      title: t("admin.confirm.banTitle"),
      text: t("admin.confirm.banText", { ...who, duration: banPeriod(minutes) }),
      confirmLabel: t("admin.player.ban"),
      run: async () => {
        const done = await ban.run({ steamId: player.steamId, duration: minutes, reason });
        if (done !== undefined) onDone?.();
      },
    });
  };

  const onKick = () => {
    const reason = choice.own.trim() || kickReason || settings.kickReasons[0] || "";
    ask({
      title: t("admin.confirm.kickTitle"),
      text: t("admin.confirm.kickText", who),
      confirmLabel: t("admin.player.kick"),
      run: async () => {
        const done = await kick.run({ steamId: player.steamId, reason });
        if (done !== undefined) onDone?.();
      },
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
            value={choice.preset || (settings.banReasons[0] ?? "")}
            options={settings.banReasons.map((r) => ({ value: r, label: r }))}
            onChange={choice.setPreset}
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
            value={choice.own}
            onChange={(e) => choice.setOwn(e.target.value)}
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
          <DurationField state={choice} label={t("admin.player.duration")} />
          <Button type="submit" variant="danger" loading={ban.pending}>
            {t("admin.player.ban")}
          </Button>
          <Button loading={kick.pending} onClick={onKick}>
            {t("admin.player.kick")}
          </Button>
          <span className={styles.unavailableAction}>
            <Button disabled title={t("admin.player.unavailable")} aria-describedby={slayNote}>
              {t("admin.player.slay")}
            </Button>
            <span id={slayNote} className={styles.unavailable}>
              {t("admin.player.unavailable")}
            </span>
          </span>
        </form>
        {dialog}
      </section>
      {comms ? <CommsForm serverId={serverId} role={role} player={player} /> : null}
      <SanctionHistory steamId={player.steamId} />
    </>
  );
}
