import { useState } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { TextArea } from "@/components/ui/text-area";
import { TextField } from "@/components/ui/text-field";
import { useGatedAction } from "@/hooks/use-gated-action";
import { t } from "@/i18n";
import "@/i18n/load/moderation";
import { api } from "@/lib/backend";
import { useModerationSettings, type ModerationSettings } from "@/hooks/use-moderation-settings";
import styles from "@/styles/admin.module.css";

const lines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

/** Reasons per action, duration presets, the moderator's maximum and the public ban list. */
export function ModerationSettingsSection() {
  const settings = useModerationSettings();
  // The backend's answer replaces the defaults once it arrives: a new form, fresh drafts.
  return <ModerationSettingsForm key={JSON.stringify(settings)} settings={settings} />;
}

function ModerationSettingsForm({ settings }: { settings: ModerationSettings }) {
  const save = useGatedAction(api.moderation.saveSettings, { needsServer: false });
  const [draft, setDraft] = useState<ModerationSettings>(settings);
  const [banReasons, setBanReasons] = useState(settings.banReasons.join("\n"));
  const [kickReasons, setKickReasons] = useState(settings.kickReasons.join("\n"));
  const [durations, setDurations] = useState(settings.banDurations.join(", "));
  const [max, setMax] = useState(String(settings.moderatorMaxMinutes));

  const onSave = async () => {
    const done = await save.run({
      settings: {
        ...draft,
        banReasons: lines(banReasons),
        kickReasons: lines(kickReasons),
        // Invalid numbers reach the backend as NaN and come back as its Ukrainian message.
        banDurations: durations
          .split(/[,\s]+/)
          .filter(Boolean)
          .map((d) => (/^\d+$/.test(d) ? Number(d) : -1)),
        moderatorMaxMinutes: /^\d+$/.test(max.trim()) ? Number(max.trim()) : -1,
      },
    });
    if (done !== undefined) toast.success(t("moderation.settings.saved"));
  };

  return (
    <section className={styles.settingsSection} aria-labelledby="settings-moderation">
      <div className={styles.sectionHeader}>
        <h3 id="settings-moderation">{t("moderation.settings.title")}</h3>
      </div>
      <div className={styles.moderationRow}>
        <TextArea
          className={styles.reason}
          label={t("moderation.settings.banReasons")}
          rows={5}
          value={banReasons}
          onChange={(e) => setBanReasons(e.target.value)}
        />
        <TextArea
          className={styles.reason}
          label={t("moderation.settings.kickReasons")}
          rows={5}
          value={kickReasons}
          onChange={(e) => setKickReasons(e.target.value)}
        />
      </div>
      <div className={styles.moderationRow}>
        <TextField
          className={styles.reason}
          label={t("moderation.settings.durations")}
          value={durations}
          onChange={(e) => setDurations(e.target.value)}
        />
        <TextField
          className={styles.duration}
          label={t("moderation.settings.max")}
          inputMode="numeric"
          value={max}
          onChange={(e) => setMax(e.target.value)}
        />
      </div>
      <div className={styles.switches}>
        <Switch
          label={t("moderation.settings.public")}
          checked={draft.publicBanList}
          onChange={(publicBanList) => setDraft((d) => ({ ...d, publicBanList }))}
        />
        <Switch
          label={t("moderation.settings.showsModerator")}
          checked={draft.publicShowsModerator}
          onChange={(publicShowsModerator) => setDraft((d) => ({ ...d, publicShowsModerator }))}
        />
      </div>
      <div>
        <Button variant="primary" loading={save.pending} onClick={() => void onSave()}>
          {t("moderation.settings.save")}
        </Button>
      </div>
    </section>
  );
}
