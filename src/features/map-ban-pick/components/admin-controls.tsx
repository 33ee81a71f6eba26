import { useState } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { t } from "@/i18n/uk";
import type { Id } from "@/lib/backend";
import { DEFAULT_LAUNCH_MODE, LAUNCH_MODES } from "@/lib/catalog";
import { useTournamentAdmin, type Tournament } from "../hooks/use-tournament";
import { modeLabel } from "../utils/veto";
import styles from "./map-ban-pick.module.css";

const MODE_OPTIONS = LAUNCH_MODES.map((mode) => ({ value: mode, label: modeLabel(mode) }));

export interface AdminControlsProps {
  tournament: Tournament;
  serverId: Id<"servers"> | undefined;
  serverName: string | undefined;
}

/** Admin only: start a new tournament and launch the finished veto on the active server. */
export function AdminControls({ tournament, serverId, serverName }: AdminControlsProps) {
  const { launch } = useTournamentAdmin(serverId);
  const [mode, setMode] = useState<string>(DEFAULT_LAUNCH_MODE);
  const finished = tournament.status === "finished";
  const canLaunch = finished && !tournament.isLaunched && !!serverId;

  let hint = t("tournament.launchWhenFinished");
  if (tournament.isLaunched) hint = t("tournament.launchDone");
  else if (!serverId) hint = t("tournament.launchNoServer");
  else if (finished) hint = t("tournament.launchServer", { name: serverName ?? "" });

  const [placement, setPlacement] = useState<Placement | null>(null);

  const onLaunch = async () => {
    const result = await launch.run({ mode });
    if (result?.note) toast(result.note, { duration: 8000 });
    if (result) setPlacement(result.placement);
  };

  return (
    <Card title={t("tournament.adminTitle")}>
      <div className={styles.admin}>
        <div className={styles.launchRow}>
          <Select
            label={t("tournament.launchMode")}
            value={mode}
            options={MODE_OPTIONS}
            onChange={setMode}
            disabled={tournament.isLaunched}
          />
          <Button
            variant="primary"
            disabled={!canLaunch}
            loading={launch.pending}
            onClick={() => void onLaunch()}
          >
            {t("tournament.launch")}
          </Button>
        </div>
        <p className={styles.muted}>{hint}</p>
        {placement ? <PlacementReport placement={placement} /> : null}
        <hr className={styles.divider} />
        <CreateTournamentButton tournament={tournament} />
      </div>
    </Card>
  );
}

type Placement = NonNullable<NonNullable<Awaited<ReturnType<LaunchRun>>>["placement"]>;
type LaunchRun = ReturnType<typeof useTournamentAdmin>["launch"]["run"];

/** Who the game server put on a team, and who it could not find (not connected). */
function PlacementReport({ placement }: { placement: Placement }) {
  return (
    <div className={styles.placement} role="status">
      <p>
        {t("tournament.placed", {
          names: placement.placed.join(", ") || t("common.dash"),
        })}
      </p>
      {placement.notPlaced.length > 0 ? (
        <Notice>{t("tournament.notPlaced", { names: placement.notPlaced.join(", ") })}</Notice>
      ) : null}
    </div>
  );
}

/**
 * Creates a tournament, or replaces the active one; asks first when that would throw away a veto
 * people are taking part in.
 */
export function CreateTournamentButton({ tournament }: { tournament?: Tournament }) {
  const { reset } = useTournamentAdmin();
  const [confirming, setConfirming] = useState(false);
  const pending = reset.pending;
  const inUse = !!tournament && !tournament.isLaunched && tournament.history.length > 0;

  const run = async () => {
    const created = await reset.run({});
    if (created === undefined) return;
    toast.success(t("tournament.created"));
    setConfirming(false);
  };

  return (
    <>
      <Button
        variant={tournament ? "secondary" : "primary"}
        loading={pending && !confirming}
        onClick={() => (inUse ? setConfirming(true) : void run())}
      >
        {t(tournament ? "tournament.reset" : "tournament.create")}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t("tournament.resetConfirmTitle")}
        confirmLabel={t("tournament.reset")}
        danger
        pending={pending}
        onConfirm={() => void run()}
        onCancel={() => setConfirming(false)}
      >
        <p>{t("tournament.resetConfirmText")}</p>
      </ConfirmDialog>
    </>
  );
}
