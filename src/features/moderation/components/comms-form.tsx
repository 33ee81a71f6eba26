import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { useConfirmation } from "@/hooks/use-confirmation";
import { t, type MessageKey } from "@/i18n";
import "@/i18n/load/moderation";
import type { Id } from "@/lib/backend";
import { parseSteamId } from "@/lib/moderation";
import { useComms, type CommsKind } from "../hooks/use-moderation";
import { useModerationSettings } from "@/hooks/use-moderation-settings";
import type { ModerationRole } from "../hooks/use-sanctions";
import { banPeriod } from "../utils/bans";
import { useSanctionChoice } from "../hooks/use-sanction-choice";
import { DurationField, ReasonFields } from "./sanction-fields";
import styles from "@/styles/admin.module.css";

const KINDS: CommsKind[] = ["mute", "gag", "silence"];

/**
 * Mute (voice), gag (text chat) or silence (both) through CS2-SimpleAdmin, with the same duration
 * bounds and reasons as a ban, after a confirmation. For one player (the player modal) or any
 * SteamID (the moderation tab). Shown only for servers that run the plugin.
 */
export function CommsForm({
  serverId,
  role,
  player,
  onDone,
  titled = true,
}: {
  serverId: Id<"servers"> | undefined;
  role: ModerationRole;
  player?: { steamId: string; name: string };
  onDone?: () => void;
  /** Its own heading (the player modal); a card around it names it otherwise. */
  titled?: boolean;
}) {
  const comms = useComms(serverId);
  const settings = useModerationSettings();
  const choice = useSanctionChoice(role, settings, settings.banReasons);
  const { ask, dialog } = useConfirmation();
  const [kind, setKind] = useState<CommsKind>("mute");
  const [steamId, setSteamId] = useState("");
  const [idError, setIdError] = useState<string>();

  const onSubmit = () => {
    const target = player?.steamId ?? steamId.trim();
    if (!player) {
      const parsed = parseSteamId(target);
      if (parsed.kind === "invalid") return setIdError(parsed.message);
      setIdError(undefined);
    }
    const minutes = choice.minutes();
    if (minutes === null) return;
    const reason = choice.reason();
    ask({
      title: t(`moderation.comms.confirm.${kind}` as MessageKey),
      text: t("moderation.comms.confirmText", {
        name: player?.name ?? target,
        duration: banPeriod(minutes),
        reason,
      }),
      confirmLabel: t(`moderation.kind.${kind}` as MessageKey),
      run: async () => {
        const done = await comms[kind].run({ steamId: target, duration: minutes, reason });
        if (done !== undefined) {
          if (!player) setSteamId("");
          onDone?.();
        }
      },
    });
  };

  return (
    <form
      className={styles.moderation}
      aria-label={t("moderation.comms.title")}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {titled ? <h3 className={styles.moderationTitle}>{t("moderation.comms.title")}</h3> : null}
      <p className={styles.muted}>{t("moderation.comms.hint")}</p>
      <div className={styles.moderationRow}>
        {player ? null : (
          <TextField
            className={styles.reason}
            label={t("moderation.addBan.steamId")}
            value={steamId}
            error={idError}
            autoComplete="off"
            onChange={(e) => setSteamId(e.target.value)}
          />
        )}
        <Select
          label={t("moderation.comms.kind")}
          value={kind}
          options={KINDS.map((k) => ({
            value: k,
            label: t(`moderation.comms.kind.${k}` as MessageKey),
          }))}
          onChange={(v) => setKind(KINDS.find((k) => k === v) ?? "mute")}
        />
        <DurationField state={choice} label={t("moderation.comms.duration")} />
      </div>
      <div className={styles.moderationRow}>
        <ReasonFields state={choice} label={t("moderation.comms.reason")} />
        <Button type="submit" variant="danger" loading={comms[kind].pending}>
          {t(`moderation.kind.${kind}` as MessageKey)}
        </Button>
      </div>
      {dialog}
    </form>
  );
}
