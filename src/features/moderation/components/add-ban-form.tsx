import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { useConfirmation } from "@/hooks/use-confirmation";
import { t } from "@/i18n";
import "@/i18n/load/admin";
import "@/i18n/load/moderation";
import type { Id } from "@/lib/backend";
import { parseSteamId } from "@/lib/moderation";
import { useModeration } from "../hooks/use-moderation";
import { useModerationSettings } from "@/hooks/use-moderation-settings";
import type { ModerationRole } from "../hooks/use-sanctions";
import { banPeriod } from "../utils/bans";
import { useSanctionChoice } from "../hooks/use-sanction-choice";
import { DurationField, ReasonFields } from "./sanction-fields";
import styles from "@/styles/admin.module.css";

/**
 * Bans a player who need not be on the server, by any SteamID form people paste (SteamID64,
 * STEAM_X:Y:Z, [U:1:N], a profile link), with the same reason and duration controls as the player
 * modal (a moderator is offered only what they may give) and a confirmation. The backend converts
 * and checks again; this only catches typos early, with the same Ukrainian message.
 */
export function AddBanForm({
  serverId,
  role = "admin",
  onBanned,
}: {
  serverId: Id<"servers"> | undefined;
  role?: ModerationRole;
  onBanned: () => void;
}) {
  const { ban } = useModeration(serverId);
  const settings = useModerationSettings();
  const choice = useSanctionChoice(role, settings, settings.banReasons);
  const { ask, dialog } = useConfirmation();
  const [steamId, setSteamId] = useState("");
  const [error, setError] = useState<string>();

  const onSubmit = () => {
    const parsed = parseSteamId(steamId);
    if (parsed.kind === "invalid") {
      setError(parsed.message);
      return;
    }
    setError(undefined);
    const minutes = choice.minutes();
    if (minutes === null) return;
    const reason = choice.reason();
    // The confirmation names the account as the panel will store it, never the pasted link.
    const id = parsed.kind === "id64" ? parsed.steamId : steamId.trim();
    const duration = banPeriod(minutes);
    ask({
      title: t("admin.confirm.banTitle"),
      text:
        parsed.kind === "id64"
          ? t("moderation.addBan.confirmText", { id, duration, reason })
          : t("moderation.addBan.confirmTextVanity", { name: parsed.name, duration, reason }),
      confirmLabel: t("admin.player.ban"),
      run: async () => {
        const done = await ban.run({ steamId: id, duration: minutes, reason });
        if (done !== undefined) {
          setSteamId("");
          onBanned();
        }
      },
    });
  };

  return (
    <form
      className={styles.moderation}
      aria-label={t("moderation.addBan.title")}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h3 className={styles.moderationTitle}>{t("moderation.addBan.title")}</h3>
      <div className={styles.moderationRow}>
        <TextField
          className={styles.reason}
          label={t("moderation.addBan.steamId")}
          value={steamId}
          error={error}
          autoComplete="off"
          onChange={(e) => setSteamId(e.target.value)}
        />
        <DurationField state={choice} label={t("admin.player.duration")} />
      </div>
      <div className={styles.moderationRow}>
        <ReasonFields state={choice} label={t("moderation.banReason")} />
        <Button type="submit" variant="danger" loading={ban.pending}>
          {t("moderation.addBan.submit")}
        </Button>
      </div>
      {dialog}
    </form>
  );
}
