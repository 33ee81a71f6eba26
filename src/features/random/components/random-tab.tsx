import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icon";
import { LoadingLabel, Skeleton } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { TextField } from "@/components/ui/text-field";
import { t } from "@/i18n";
import "@/i18n/load/random";
import { isSteamId64, type Id, type Player } from "@/lib/backend";
import { usePickAnimation, useRandomPlayers, type PickResult } from "../hooks/use-random-pick";
import type { Timers } from "../utils/pick-schedule";
import { parseCount } from "../utils/pick-schedule";
import { PickResultModal } from "./pick-result-modal";
import { PickStage } from "./pick-stage";
import styles from "./random.module.css";

export interface RandomTabProps {
  serverId: Id<"servers"> | undefined;
  /** Live players of the server; undefined while loading, null before the first poll. */
  players: Player[] | null | undefined;
  timers?: Timers;
}

const inTeam = (p: Player) => p.team === "Terrorist" || p.team === "Counter-Terrorist";

/**
 * Picks N random T/CT players on the backend and reveals them with the spec's animation. Bots
 * (no SteamID64) are left out unless the admin asks for them.
 */
export function RandomTab({ serverId, players, timers }: RandomTabProps) {
  const [count, setCount] = useState("1");
  const [includeBots, setIncludeBots] = useState(false);
  // The result modal opens when the animation ends, until closed for that result.
  const [dismissed, setDismissed] = useState<PickResult | null>(null);
  const pick = useRandomPlayers(serverId);
  const { state, begin, settle, reset } = usePickAnimation(timers);
  const inTeams = players?.filter(inTeam) ?? [];
  const bots = inTeams.filter((p) => !isSteamId64(p.steamId)).length;
  const available = includeBots ? inTeams.length : inTeams.length - bots;
  const running = state.phase === "shuffling" || state.phase === "revealing";

  const showResult = state.phase === "done" && state.result !== dismissed;

  const parsed = parseCount(count);
  const onSubmit = async () => {
    const n = parseCount(count);
    if (n === null) return;
    setCount(String(n));
    const pool = inTeams.filter((p) => includeBots || isSteamId64(p.steamId)).map((p) => p.name);
    if (n <= available) begin(n, pool);
    const result = await pick.run({ count: n, includeBots });
    if (result) settle(result);
    else reset();
  };

  let body;
  if (players === undefined) {
    body = (
      <div className={styles.loading} aria-busy="true">
        <LoadingLabel />
        <Skeleton height="2.5rem" />
        <Skeleton height="6rem" />
      </div>
    );
  } else if (inTeams.length === 0 || (available === 0 && bots === 0)) {
    body = (
      <EmptyState icon={<Icon name="dice" />} title={t("random.emptyTitle")} role="status">
        {t("random.empty")}
      </EmptyState>
    );
  } else {
    body = (
      <div className={styles.body}>
        <form
          className={styles.form}
          // The backend answers too-large counts with the spec's message.
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void onSubmit();
          }}
        >
          <TextField
            className={styles.count}
            label={t("random.count")}
            type="number"
            inputMode="numeric"
            min={1}
            max={available}
            step={1}
            value={count}
            hint={
              bots > 0 && !includeBots
                ? t("random.availableHumans", { n: available, bots })
                : t("random.available", { n: available })
            }
            onChange={(e) => setCount(e.target.value)}
            error={parsed === null ? t("random.countInvalid") : undefined}
            onBlur={() => setCount(String(parseCount(count) ?? count))}
          />
          {bots > 0 ? (
            <Switch
              label={t("random.includeBots")}
              checked={includeBots}
              onChange={setIncludeBots}
            />
          ) : null}
          <Button
            type="submit"
            variant="primary"
            loading={pick.pending && !running}
            disabled={running || available === 0}
          >
            <Icon name="dice" size={16} />
            {t("random.pick")}
          </Button>
        </form>
        <PickStage state={state} />
      </div>
    );
  }

  return (
    <Card title={t("random.title")}>
      {body}
      <PickResultModal
        chosen={showResult ? (state.result?.chosen ?? null) : null}
        onClose={() => setDismissed(state.result)}
      />
    </Card>
  );
}
