import { Select } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { TextField } from "@/components/ui/text-field";
import { t } from "@/i18n";
import "@/i18n/load/tournament";
import { MapPoolPicker } from "@/components/map-pool-picker";
import type { CustomFormat } from "../utils/custom-format";
import styles from "./custom-format-fields.module.css";
import { teamSizeLabel } from "@/lib/team-size";

/** Team size, map pool (catalog and workshop maps) and step sequence of a custom format. */
export function CustomFields({
  value,
  sequenceError,
  onChange,
}: {
  value: CustomFormat;
  sequenceError: string | null;
  onChange: (next: CustomFormat) => void;
}) {
  return (
    <div className={styles.customFields}>
      <Select
        label={t("tournament.custom.teamSize")}
        value={String(value.teamSize)}
        options={[1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: teamSizeLabel(n) }))}
        onChange={(v) => onChange({ ...value, teamSize: Number(v) })}
      />
      <Switch
        label={t("tournament.custom.readyCheck")}
        checked={value.readyCheck}
        onChange={(readyCheck) => onChange({ ...value, readyCheck })}
      />
      <TextField
        label={t("tournament.custom.sequence")}
        value={value.sequence}
        hint={t("tournament.custom.sequenceHint")}
        error={sequenceError ?? undefined}
        spellCheck={false}
        onChange={(e) => onChange({ ...value, sequence: e.target.value })}
      />
      <MapPoolPicker
        legend={t("tournament.custom.pool", { n: value.pool.length })}
        pool={value.pool}
        onChange={(pool) => onChange({ ...value, pool })}
      />
    </div>
  );
}
