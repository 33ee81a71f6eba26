import { useState } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { t, type MessageKey } from "@/i18n/uk";
import { TOURNAMENT_PRESETS, type PresetName } from "../utils/presets";
import { useTournamentAdmin } from "../hooks/use-tournament";
import styles from "./map-ban-pick.module.css";

const PRESET_LABELS: Record<PresetName, MessageKey> = {
  default: "tournamentX.preset.default",
  duel: "tournamentX.preset.duel",
  major_bo1: "tournamentX.preset.major_bo1",
  bo3: "tournamentX.preset.bo3",
};
const CLOCKS = ["0", "30", "60", "90", "120"] as const;
const FIRST = ["coin", "teamA", "teamB"] as const;

/** Admin: a new tournament in one of the presets, with its clock and who starts. */
export function CreateTournamentForm({ onCreated }: { onCreated: (slug: string) => void }) {
  const { create } = useTournamentAdmin();
  const [preset, setPreset] = useState<PresetName>("default");
  const base = TOURNAMENT_PRESETS[preset];
  const [clock, setClock] = useState<string | null>(null);
  const [first, setFirst] = useState<string | null>(null);
  const turnSeconds = Number(clock ?? String(base.turnSeconds));
  const firstTeam = first ?? base.firstTeam ?? "coin";

  const submit = async () => {
    const created = await create.run({
      format: {
        ...base,
        mapPool: [...base.mapPool],
        sequence: base.sequence.map((s) => ({ ...s })),
        turnSeconds,
        ...(firstTeam === "coin" ? { firstTeam: undefined } : { firstTeam: firstTeam as "teamA" }),
      },
    });
    if (!created) return;
    toast.success(t("tournament.created"));
    onCreated(created.slug);
  };

  return (
    <div className={styles.createForm}>
      <Select
        label={t("tournamentX.format")}
        value={preset}
        options={(Object.keys(PRESET_LABELS) as PresetName[]).map((p) => ({
          value: p,
          label: t(PRESET_LABELS[p]),
        }))}
        onChange={(value) => {
          setPreset(value as PresetName);
          setClock(null);
          setFirst(null);
        }}
      />
      <Select
        label={t("tournamentX.clockSetting")}
        value={String(turnSeconds)}
        options={CLOCKS.map((c) => ({
          value: c,
          label: c === "0" ? t("tournamentX.clockOff") : t("tournamentX.clockSeconds", { s: c }),
        }))}
        onChange={setClock}
      />
      <Select
        label={t("tournamentX.firstTeam")}
        value={firstTeam}
        options={FIRST.map((f) => ({
          value: f,
          label:
            f === "coin"
              ? t("tournamentX.firstCoin")
              : t(f === "teamA" ? "tournament.teamA" : "tournament.teamB"),
        }))}
        onChange={setFirst}
      />
      <Button variant="primary" loading={create.pending} onClick={() => void submit()}>
        {t("tournament.create")}
      </Button>
    </div>
  );
}
