import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { MapPoolPicker } from "@/components/map-pool-picker";
import { Select } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { TextField } from "@/components/ui/text-field";
import { t, type MessageKey } from "@/i18n";
import "@/i18n/load/cup";
import { useServers } from "@/hooks/use-servers";
import { useBusyCall } from "../hooks/use-busy-call";
import { useCupAdmin } from "../hooks/use-cup-actions";
import {
  BEST_OF,
  CLOCKS,
  FORMATS,
  INITIAL_DRAFT,
  cupSettingsOf,
  type CupDraft,
  type Format,
} from "../utils/cup-settings";
import styles from "./create-cup-form.module.css";
import { teamSizeLabel } from "@/lib/team-size";

const numbers = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

/**
 * An admin's new cup: format and its options, teams, best-of (the final's apart), map pool and
 * turn clock for every match's ban/pick, the servers its matches are played on, check-in and
 * start delay, and the window in which captains may agree a time. The backend checks it all.
 */
export function CreateCupForm({ onCreated }: { onCreated: (slug: string) => void }) {
  const { create } = useCupAdmin();
  const servers = useServers();
  const [draft, setDraft] = useState<CupDraft>(INITIAL_DRAFT);
  const { busy, act } = useBusyCall();
  const set =
    <K extends keyof CupDraft>(key: K) =>
    (value: CupDraft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await act(async () => {
      const created = await create(cupSettingsOf(draft));
      setDraft(INITIAL_DRAFT);
      onCreated(created.slug);
    });
  };
  const f = draft.format;
  return (
    <form
      className={styles.grid}
      onSubmit={(e) => void submit(e)}
      aria-label={t("cup.create.title")}
    >
      <TextField
        className={styles.wide}
        label={t("cup.create.name")}
        value={draft.name}
        maxLength={200}
        required
        onChange={(e) => set("name")(e.target.value)}
      />
      <Select
        label={t("cup.create.format")}
        value={f}
        options={FORMATS.map((x) => ({ value: x, label: t(`cup.format.${x}` as MessageKey) }))}
        onChange={(v) => set("format")(v as Format)}
      />
      <TextField
        type="number"
        label={t("cup.create.teamsMax")}
        min={2}
        max={64}
        required
        value={draft.teamsMax}
        onChange={(e) => set("teamsMax")(e.target.value)}
      />
      <Select
        label={t("cup.create.seeding")}
        value={draft.seeding}
        options={[
          { value: "random", label: t("cup.create.seedRandom") },
          { value: "manual", label: t("cup.create.seedManual") },
        ]}
        onChange={(v) => set("seeding")(v as CupDraft["seeding"])}
      />
      {f === "round_robin" && (
        <Select
          label={t("cup.create.groups")}
          value={draft.groups}
          options={numbers(range(1, 16))}
          onChange={set("groups")}
        />
      )}
      {f === "swiss" && (
        <>
          <Select
            label={t("cup.create.swissWins")}
            value={draft.swissWins}
            options={numbers(range(1, 5))}
            onChange={set("swissWins")}
          />
          <Select
            label={t("cup.create.swissLosses")}
            value={draft.swissLosses}
            options={numbers(range(1, 5))}
            onChange={set("swissLosses")}
          />
        </>
      )}
      <Select
        label={t("cup.create.bestOf")}
        value={draft.bestOf}
        options={BEST_OF.map((b) => ({ value: b, label: `BO${b}` }))}
        onChange={set("bestOf")}
      />
      <Select
        label={t(f === "swiss" ? "cup.create.deciderBestOf" : "cup.create.finalBestOf")}
        value={draft.finalBestOf}
        options={BEST_OF.map((b) => ({ value: b, label: `BO${b}` }))}
        onChange={set("finalBestOf")}
      />
      <Select
        label={t("cup.create.teamSize")}
        value={draft.teamSize}
        options={range(1, 5).map((n) => ({ value: n, label: teamSizeLabel(Number(n)) }))}
        onChange={set("teamSize")}
      />
      <Select
        label={t("cup.create.clock")}
        value={draft.turnSeconds}
        options={CLOCKS.map((c) => ({
          value: c,
          label: c === "0" ? t("cup.create.clockOff") : t("cup.create.clockSeconds", { s: c }),
        }))}
        onChange={set("turnSeconds")}
      />
      <TextField
        type="number"
        label={t("cup.create.checkIn")}
        min={1}
        max={1440}
        required
        value={draft.checkInMinutes}
        onChange={(e) => set("checkInMinutes")(e.target.value)}
      />
      <TextField
        type="number"
        label={t("cup.create.startDelay")}
        hint={t("cup.create.startDelayHint")}
        min={1}
        max={1440}
        required
        value={draft.startDelayMinutes}
        onChange={(e) => set("startDelayMinutes")(e.target.value)}
      />
      <fieldset className={styles.window}>
        <legend>{t("cup.create.window")}</legend>
        <TextField
          type="datetime-local"
          label={t("cup.create.windowFrom")}
          value={draft.windowFrom}
          onChange={(e) => set("windowFrom")(e.target.value)}
        />
        <TextField
          type="datetime-local"
          label={t("cup.create.windowTo")}
          value={draft.windowTo}
          onChange={(e) => set("windowTo")(e.target.value)}
        />
      </fieldset>
      <div className={styles.switches}>
        {f === "single_elimination" && (
          <Switch
            label={t("cup.create.thirdPlace")}
            checked={draft.thirdPlace}
            onChange={set("thirdPlace")}
          />
        )}
        {f === "double_elimination" && (
          <Switch
            label={t("cup.create.grandFinalReset")}
            checked={draft.grandFinalReset}
            onChange={set("grandFinalReset")}
          />
        )}
        <Switch
          label={t("cup.create.noShowWalkover")}
          checked={draft.noShowWalkover}
          onChange={set("noShowWalkover")}
        />
      </div>
      <MapPoolPicker
        legend={t("cup.create.pool", { n: draft.pool.length })}
        pool={draft.pool}
        onChange={set("pool")}
      />
      <fieldset className={styles.servers}>
        <legend>{t("cup.create.servers", { n: draft.serverIds.length })}</legend>
        {(servers ?? []).map((s) => (
          <label key={s._id} className={styles.server}>
            <input
              type="checkbox"
              checked={draft.serverIds.includes(s._id)}
              onChange={() =>
                set("serverIds")(
                  draft.serverIds.includes(s._id)
                    ? draft.serverIds.filter((x) => x !== s._id)
                    : [...draft.serverIds, s._id],
                )
              }
            />
            {s.name}
          </label>
        ))}
      </fieldset>
      <div className={styles.wide}>
        <Button type="submit" variant="primary" loading={busy}>
          {t("cup.create.submit")}
        </Button>
      </div>
    </form>
  );
}
