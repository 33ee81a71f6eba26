import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icon";
import { LoadingLabel, Skeleton } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";
import { t } from "@/i18n/uk";
import type { Id, Player } from "@/lib/backend";
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

/** Picks N random T/CT players on the backend and reveals them with the spec's animation. */
export function RandomTab({ serverId, players, timers }: RandomTabProps) {
  const [count, setCount] = useState("1");
  // The result modal opens when the animation ends, until closed for that result.
  const [dismissed, setDismissed] = useState<PickResult | null>(null);
  const pick = useRandomPlayers(serverId);
  const { state, start } = usePickAnimation(timers);
  const available = players?.filter(inTeam).length ?? 0;
  const running = state.phase === "shuffling" || state.phase === "revealing";

  const showResult = state.phase === "done" && state.result !== dismissed;

  const onSubmit = async () => {
    const n = parseCount(count);
    setCount(String(n));
    const result = await pick.run({ count: n });
    if (result) start(result);
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
  } else if (available === 0) {
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
            hint={t("random.available", { n: available })}
            onChange={(e) => setCount(e.target.value)}
            onBlur={() => setCount(String(parseCount(count)))}
          />
          <Button type="submit" variant="primary" loading={pick.pending} disabled={running}>
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
