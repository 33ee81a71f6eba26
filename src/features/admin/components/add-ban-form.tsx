import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { t } from "@/i18n/uk";
import type { Id } from "@/lib/backend";
import { parseSteamId } from "@/lib/moderation";
import { useModeration } from "../hooks/use-moderation";
import { durationsFor, useModerationSettings, type ModerationRole } from "../hooks/use-sanctions";
import { BAN_PRESETS, banDuration, presetLabel } from "../utils/bans";
import styles from "./admin.module.css";

function durationLabel(minutes: number): string {
  const preset = BAN_PRESETS.find((p) => p === minutes);
  return preset === undefined ? banDuration(minutes) : presetLabel(preset);
}

/**
 * Bans a player who is not on the server, by any SteamID form people paste (SteamID64,
 * STEAM_X:Y:Z, [U:1:N], a profile link). The backend converts and checks again; this only
 * catches typos early, with the same Ukrainian message.
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
  const durations = durationsFor(role, settings);
  const [steamId, setSteamId] = useState("");
  const [duration, setDuration] = useState(String(durations.includes(60) ? 60 : durations[0]));
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();

  const onSubmit = async () => {
    const parsed = parseSteamId(steamId);
    if (parsed.kind === "invalid") {
      setError(parsed.message);
      return;
    }
    setError(undefined);
    const done = await ban.run({
      steamId: steamId.trim(),
      duration: Number(duration),
      reason: reason || settings.banReasons[0] || "",
    });
    if (done !== undefined) {
      setSteamId("");
      onBanned();
    }
  };

  return (
    <form
      className={styles.moderation}
      aria-label={t("moderation.addBan.title")}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
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
        <Select
          label={t("admin.player.duration")}
          value={duration}
          options={durations.map((m) => ({ value: String(m), label: durationLabel(m) }))}
          onChange={setDuration}
        />
        <Select
          className={styles.reason}
          label={t("moderation.banReason")}
          value={reason || (settings.banReasons[0] ?? "")}
          options={settings.banReasons.map((r) => ({ value: r, label: r }))}
          onChange={setReason}
        />
        <Button type="submit" variant="danger" loading={ban.pending}>
          {t("moderation.addBan.submit")}
        </Button>
      </div>
    </form>
  );
}
