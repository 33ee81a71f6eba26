import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/select";
import type { ConfirmRequest } from "@/hooks/use-confirmation";
import { useServerAction } from "@/hooks/use-server-action";
import { t } from "@/i18n";
import "@/i18n/load/admin";
import { GAME_MODES } from "@/lib/catalog";
import { gameModeLabel } from "@/lib/maps";
import { showError } from "@/lib/errors";
import styles from "@/styles/admin.module.css";

/** Worded at render, so a language switch renames the modes. */
const modeOptions = () => GAME_MODES.map((value) => ({ value, label: gameModeLabel(value) }));

export interface MatchSectionProps {
  /** Restarting the game, skipping the warmup and a new mode change a running match: they ask first. */
  confirm: (request: ConfirmRequest) => void;
  serverName: string;
}

export function MatchSection({ confirm, serverName }: MatchSectionProps) {
  const restartGame = useServerAction("restartGame");
  const skipWarmup = useServerAction("skipWarmup");
  const setGameMode = useServerAction("gameMode");
  const botKick = useServerAction("botKick");
  const [mode, setMode] = useState("");
  const server = { server: serverName };
  return (
    <Card title={t("admin.match.title")}>
      <div className={styles.cardBody}>
        <div className={styles.buttons}>
          <Button
            loading={restartGame.pending}
            onClick={() =>
              confirm({
                title: t("admin.confirm.restartGameTitle"),
                text: t("admin.confirm.restartGameText", server),
                confirmLabel: t("admin.match.restart"),
                run: () => restartGame.run({}),
              })
            }
          >
            {t("admin.match.restart")}
          </Button>
          <Button
            loading={skipWarmup.pending}
            onClick={() =>
              confirm({
                title: t("admin.confirm.skipWarmupTitle"),
                text: t("admin.confirm.skipWarmupText", server),
                confirmLabel: t("admin.match.skipWarmup"),
                run: () => skipWarmup.run({}),
              })
            }
          >
            {t("admin.match.skipWarmup")}
          </Button>
          <Button
            loading={botKick.pending}
            onClick={() =>
              confirm({
                title: t("admin.confirm.botKickTitle"),
                text: t("admin.confirm.botKickText", server),
                confirmLabel: t("admin.match.botKick"),
                run: () => botKick.run({}),
              })
            }
          >
            {t("admin.match.botKick")}
          </Button>
        </div>
        <form
          className={styles.row}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!mode) return showError(t("admin.match.chooseMode"));
            // A new mode reloads the map: the running match ends, so it asks like a map change.
            confirm({
              title: t("admin.confirm.modeTitle", {
                mode: gameModeLabel(mode),
              }),
              text: t("admin.confirm.modeText", server),
              confirmLabel: t("admin.match.applyMode"),
              run: () => setGameMode.run({ mode }),
            });
          }}
        >
          <Select
            label={t("admin.match.mode")}
            value={mode}
            placeholder={t("admin.match.modePlaceholder")}
            options={modeOptions()}
            onChange={setMode}
          />
          <Button type="submit" variant="primary" loading={setGameMode.pending}>
            {t("admin.match.applyMode")}
          </Button>
        </form>
      </div>
    </Card>
  );
}
