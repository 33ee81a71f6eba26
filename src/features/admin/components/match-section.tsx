import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/select";
import type { GatedAction } from "@/hooks/use-gated-action";
import { t } from "@/i18n/uk";
import type { api } from "@/lib/backend";
import { GAME_MODE_LABELS } from "@/lib/catalog";
import styles from "./admin.module.css";

const MODE_OPTIONS = Object.entries(GAME_MODE_LABELS).map(([value, label]) => ({ value, label }));

export interface MatchSectionProps {
  restartGame: GatedAction<typeof api.serverControl.restartGame>;
  skipWarmup: GatedAction<typeof api.serverControl.skipWarmup>;
  setGameMode: GatedAction<typeof api.serverControl.setGameMode>;
}

export function MatchSection({ restartGame, skipWarmup, setGameMode }: MatchSectionProps) {
  const [mode, setMode] = useState("");
  return (
    <Card title={t("admin.match.title")}>
      <div className={styles.cardBody}>
        <div className={styles.buttons}>
          <Button loading={restartGame.pending} onClick={() => void restartGame.run({})}>
            {t("admin.match.restart")}
          </Button>
          <Button loading={skipWarmup.pending} onClick={() => void skipWarmup.run({})}>
            {t("admin.match.skipWarmup")}
          </Button>
        </div>
        <form
          className={styles.row}
          onSubmit={(e) => {
            e.preventDefault();
            if (mode) void setGameMode.run({ mode });
          }}
        >
          <Select
            label={t("admin.match.mode")}
            value={mode}
            placeholder={t("admin.match.modePlaceholder")}
            options={MODE_OPTIONS}
            onChange={setMode}
          />
          <Button type="submit" variant="primary" disabled={!mode} loading={setGameMode.pending}>
            {t("admin.match.applyMode")}
          </Button>
        </form>
      </div>
    </Card>
  );
}
