import { Select } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { t } from "@/i18n";
import "@/i18n/load/admin";
import "@/i18n/load/moderation";
import { CUSTOM, type SanctionChoice } from "../hooks/use-sanction-choice";
import { BAN_PRESETS, banDuration, presetLabel } from "../utils/bans";
import styles from "@/styles/admin.module.css";

function durationLabel(minutes: number): string {
  const preset = BAN_PRESETS.find((p) => p === minutes);
  return preset === undefined ? banDuration(minutes) : presetLabel(preset);
}

export function DurationField({ state, label }: { state: SanctionChoice; label: string }) {
  return (
    <>
      <Select
        label={label}
        value={state.choice}
        options={[
          ...state.durations.map((m) => ({ value: String(m), label: durationLabel(m) })),
          { value: CUSTOM, label: t("admin.player.preset.custom") },
        ]}
        onChange={state.setChoice}
      />
      {state.choice === CUSTOM ? (
        <TextField
          className={styles.duration}
          label={
            state.role === "admin"
              ? t("admin.player.customMinutes")
              : t("moderation.duration.customModerator", { max: state.bounds.max })
          }
          inputMode="numeric"
          value={state.custom}
          error={state.error}
          onChange={(e) => state.setCustom(e.target.value)}
        />
      ) : null}
    </>
  );
}

export function ReasonFields({ state, label }: { state: SanctionChoice; label: string }) {
  return (
    <>
      <Select
        className={styles.reason}
        label={label}
        value={state.preset || (state.reasons[0] ?? "")}
        options={state.reasons.map((r) => ({ value: r, label: r }))}
        onChange={state.setPreset}
      />
      <TextField
        className={styles.reason}
        label={t("moderation.ownReason")}
        maxLength={100}
        value={state.own}
        onChange={(e) => state.setOwn(e.target.value)}
      />
    </>
  );
}
