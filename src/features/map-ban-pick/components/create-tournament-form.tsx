import { useState } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { t, type MessageKey } from "@/i18n";
import "@/i18n/load/tournament";
import { INITIAL_CUSTOM, parseSequence, type CustomFormat } from "../utils/custom-format";
import { TOURNAMENT_PRESETS, type PresetName } from "../utils/presets";
import { CustomFields } from "./custom-format-fields";
import { useTournamentAdmin } from "../hooks/use-tournament";
import styles from "./form-grid.module.css";

type Choice = PresetName | "custom";

const PRESET_LABELS: Record<Choice, MessageKey> = {
  default: "tournament.preset.default",
  duel: "tournament.preset.duel",
  major_bo1: "tournament.preset.major_bo1",
  bo3: "tournament.preset.bo3",
  custom: "tournament.preset.custom",
};
const CLOCKS = ["0", "30", "60", "90", "120"] as const;
const FIRST = ["coin", "teamA", "teamB"] as const;

/** Admin: a new tournament in one of the presets, with its clock and who starts. */
export function CreateTournamentForm({ onCreated }: { onCreated: (slug: string) => void }) {
  const { create } = useTournamentAdmin();
  const [preset, setPreset] = useState<Choice>("default");
  const [custom, setCustom] = useState<CustomFormat>(INITIAL_CUSTOM);
  const [sequenceError, setSequenceError] = useState<string | null>(null);
  const base = TOURNAMENT_PRESETS[preset === "custom" ? "bo3" : preset];
  const [clock, setClock] = useState<string | null>(null);
  const [first, setFirst] = useState<string | null>(null);
  const [steamRequired, setSteamRequired] = useState(false);
  const turnSeconds = Number(clock ?? String(base.turnSeconds));
  const firstTeam = first ?? base.firstTeam ?? "coin";

  const submit = async () => {
    let format = {
      ...base,
      mapPool: [...base.mapPool],
      sequence: base.sequence.map((s) => ({ ...s })),
    };
    if (preset === "custom") {
      const parsed = parseSequence(custom.sequence);
      if (!parsed.ok) {
        setSequenceError(t("tournament.custom.badStep", { step: parsed.bad }));
        return;
      }
      format = {
        preset: "custom",
        teamSize: custom.teamSize,
        mapPool: custom.pool,
        sequence: parsed.steps,
        readyCheck: custom.readyCheck,
        turnSeconds: 0,
      };
    }
    const created = await create.run({
      format: {
        ...format,
        turnSeconds,
        ...(steamRequired ? { steamRequired: true } : {}),
        ...(firstTeam === "coin" ? { firstTeam: undefined } : { firstTeam: firstTeam as "teamA" }),
      },
    });
    if (!created) return;
    toast.success(t("tournament.created"));
    onCreated(created.slug);
  };

  return (
    <div className={styles.formGrid}>
      <Select
        label={t("tournament.format")}
        value={preset}
        options={(Object.keys(PRESET_LABELS) as Choice[]).map((p) => ({
          value: p,
          label: t(PRESET_LABELS[p]),
        }))}
        onChange={(value) => {
          setPreset(value as Choice);
          setClock(null);
          setFirst(null);
        }}
      />
      <Select
        label={t("tournament.clockSetting")}
        value={String(turnSeconds)}
        options={CLOCKS.map((c) => ({
          value: c,
          label: c === "0" ? t("tournament.clockOff") : t("tournament.clockSeconds", { s: c }),
        }))}
        onChange={setClock}
      />
      <Select
        label={t("tournament.firstTeam")}
        value={firstTeam}
        options={FIRST.map((f) => ({
          value: f,
          label:
            f === "coin"
              ? t("tournament.firstCoin")
              : t(f === "teamA" ? "tournament.teamA" : "tournament.teamB"),
        }))}
        onChange={setFirst}
      />
      <Switch
        checked={steamRequired}
        onChange={setSteamRequired}
        label={t("tournament.steamRequired")}
      />
      {preset === "custom" ? (
        <CustomFields
          value={custom}
          sequenceError={sequenceError}
          onChange={(next) => {
            setCustom(next);
            setSequenceError(null);
          }}
        />
      ) : null}
      <Button variant="primary" loading={create.pending} onClick={() => void submit()}>
        {t("tournament.create")}
      </Button>
    </div>
  );
}
