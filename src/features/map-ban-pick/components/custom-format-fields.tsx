import { Select } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { TextField } from "@/components/ui/text-field";
import { t } from "@/i18n";
import "@/i18n/load/tournament";
import { MAP_GROUPS, WORKSHOP_GROUPS } from "@/lib/catalog";
import { mapLabel } from "@/lib/maps";
import type { CustomFormat } from "../utils/custom-format";
import styles from "./custom-format-fields.module.css";
import textStyles from "./text.module.css";

const GROUPS = [
  ...MAP_GROUPS.map((g) => ({ id: g.id, label: g.label, maps: [...g.maps] as string[] })),
  ...WORKSHOP_GROUPS.map((g) => ({ id: g.id, label: g.label, maps: g.maps.map((m) => m.name) })),
];

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
  const toggle = (map: string) =>
    onChange({
      ...value,
      pool: value.pool.includes(map) ? value.pool.filter((m) => m !== map) : [...value.pool, map],
    });
  return (
    <div className={styles.customFields}>
      <Select
        label={t("tournament.custom.teamSize")}
        value={String(value.teamSize)}
        options={[1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: `${n}x${n}` }))}
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
      <fieldset className={styles.poolPicker}>
        <legend>{t("tournament.custom.pool", { n: value.pool.length })}</legend>
        {GROUPS.map((group) => (
          <div key={group.id} className={styles.poolGroup}>
            <span className={textStyles.muted}>{group.label}</span>
            {group.maps.map((map) => (
              <label key={map} className={styles.poolMap}>
                <input
                  type="checkbox"
                  checked={value.pool.includes(map)}
                  onChange={() => toggle(map)}
                />
                {mapLabel(map)}
              </label>
            ))}
          </div>
        ))}
      </fieldset>
    </div>
  );
}
