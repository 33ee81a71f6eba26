import { useState } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { t } from "@/i18n";
import "@/i18n/load/common";
import "@/i18n/load/tournament";
import type { Id } from "@/lib/backend";
import { DEFAULT_LAUNCH_MODE, LAUNCH_MODES } from "@/lib/catalog";
import { mapLabel } from "@/lib/maps";
import { useConfirmation } from "@/hooks/use-confirmation";
import {
  useReadiness,
  useServerConnection,
  useTournamentAdmin,
  type Tournament,
} from "../hooks/use-tournament";
import { modeLabel, sideOf, TEAM_KEYS } from "../utils/veto";
import { NamesForm } from "./names-form";
import { ReadinessPanel } from "./readiness-panel";
import styles from "./admin-controls.module.css";
import textStyles from "./text.module.css";

/** Worded at render, so a language switch renames the modes. */
const modeOptions = () => LAUNCH_MODES.map((mode) => ({ value: mode, label: modeLabel(mode) }));

export interface AdminControlsProps {
  tournament: Tournament;
  serverId: Id<"servers"> | undefined;
  serverName: string | undefined;
}

type LaunchRun = ReturnType<typeof useTournamentAdmin>["launch"]["run"];
type LaunchResult = NonNullable<Awaited<ReturnType<LaunchRun>>>;
type Placement = NonNullable<LaunchResult["placement"]>;

/**
 * Admin only: start without waiting, pause the clock, see who is on the server, launch the series
 * map by map on the active server, archive.
 */
export function AdminControls({ tournament, serverId, serverName }: AdminControlsProps) {
  const { launch, adminOp } = useTournamentAdmin(serverId);
  const { ask, dialog } = useConfirmation();
  const connection = useServerConnection(serverId);
  const readiness = useReadiness(
    tournament.id,
    serverId,
    !!serverId && !tournament.isLaunched && tournament.status !== "waiting_for_teams",
  );
  const [mode, setMode] = useState<string>(
    tournament.format.teamSize === 2 ? DEFAULT_LAUNCH_MODE : "competitive",
  );
  const [result, setResult] = useState<LaunchResult | null>(null);
  const finished = tournament.status === "finished";
  // A launched map without a result (never played through, or its match voided) is offered again
  // instead of the next one, which waits for that result.
  const again = tournament.relaunchMap;
  const nextIndex = again ?? tournament.launchedMaps;
  const nextMap = tournament.series[nextIndex]?.map;
  const allDone = tournament.isLaunched && again === null;
  const canLaunch = finished && !allDone && !!serverId && !!nextMap;
  const paused = tournament.pausedRemainingMs !== undefined;
  const op = (kind: "forceStart" | "pause" | "resume" | "archive" | "unarchive") =>
    adminOp.run({ tournamentId: tournament.id, op: kind });
  // Archiving stops the veto for everyone: asked first, confirmed by a toast, undone in one click.
  const onArchive = () =>
    ask({
      title: t("tournament.archiveTitleConfirm"),
      text: t("tournament.archiveText", { name: tournament.name ?? tournament.slug }),
      confirmLabel: t("tournament.archive"),
      run: async () => {
        if ((await op("archive")) === undefined) return;
        toast(
          (shown) => (
            <span className={styles.toastRow}>
              {t("tournament.archiveDone")}
              <Button
                size="sm"
                onClick={() => {
                  toast.dismiss(shown.id);
                  void onUnarchive();
                }}
              >
                {t("tournament.unarchive")}
              </Button>
            </span>
          ),
          { duration: 10_000 },
        );
      },
    });
  const onUnarchive = async () => {
    if ((await op("unarchive")) !== undefined) toast.success(t("tournament.unarchiveDone"));
  };

  let hint = t("tournament.launchWhenFinished");
  if (allDone) hint = t("tournament.launchAllDone");
  else if (!serverId) hint = t("tournament.launchNoServer");
  else if (again !== null) hint = t("tournament.relaunchHint", { n: again + 1 });
  else if (finished) hint = t("tournament.launchServer", { name: serverName ?? "" });

  const doLaunch = async () => {
    const launched = await launch.run({ tournamentId: tournament.id, mode, mapIndex: nextIndex });
    const note = launched ? launchNoteText(launched.notes) : null;
    if (note) toast(note, { duration: 8000 });
    if (launched && launched.backups !== "on") {
      toast.error(t("tournament.backupsFailed", { reason: launched.backups.failed }), {
        duration: 10000,
      });
    }
    if (launched) setResult(launched);
  };
  // Which side each team plays on the next map, for what players must do themselves.
  const sides = TEAM_KEYS.map(
    (team) => `${tournament[team].name} — ${sideOf(tournament, team, nextIndex) ?? "?"}`,
  ).join(", ");
  const steamRoster = [...tournament.teamA.players, ...tournament.teamB.players].every(
    (p) => p.steamId !== undefined,
  );
  const missing = readiness?.players.filter((p) => !p.connected).map((p) => p.nickname) ?? [];
  // Only MatchZy holds a roster: it seats players by SteamID whenever they connect. A plugin places
  // those connected at launch; a console alone places nobody.
  const matchzyRoster = connection?.matchzy === true && steamRoster;
  const consoleOnly = !matchzyRoster && connection !== undefined && connection.type !== "HTTP";
  // What a console launch does; direct RCON also names the teams (mp_teamname_1/2).
  const consoleText = t(
    connection?.type === "RCON" ? "tournament.launchRcon" : "tournament.launchConsole",
    { sides },
  );
  const missingText = () => {
    const what = matchzyRoster
      ? t("tournament.launchMissingSteam")
      : consoleOnly
        ? consoleText
        : t("tournament.launchMissingNames", { sides });
    return t("tournament.launchMissingText", { names: missing.join(", "), what });
  };
  const onLaunch = () => {
    // One question at a time: launching a map again says so first, with who is missing after it.
    if (again !== null) {
      ask({
        title: t("tournament.relaunchTitle", { n: again + 1 }),
        text: [t("tournament.relaunchText", { n: again + 1 }), missing.length ? missingText() : ""]
          .filter(Boolean)
          .join(" "),
        confirmLabel: t("tournament.relaunchConfirm"),
        run: doLaunch,
      });
      return;
    }
    if (missing.length === 0) return void doLaunch();
    ask({
      title: t("tournament.launchMissingTitle"),
      text: missingText(),
      confirmLabel: t("tournament.launchAnyway"),
      run: doLaunch,
    });
  };

  return (
    <Card title={t("tournament.adminTitle")}>
      <div className={styles.admin}>
        {tournament.status === "ready_check" ? (
          <Button variant="primary" loading={adminOp.pending} onClick={() => void op("forceStart")}>
            {t("tournament.forceStart")}
          </Button>
        ) : null}
        {tournament.status === "in_progress" ? (
          <Button loading={adminOp.pending} onClick={() => void op(paused ? "resume" : "pause")}>
            {t(paused ? "tournament.resume" : "tournament.pause")}
          </Button>
        ) : null}
        <ReadinessPanel tournament={tournament} serverId={serverId} />
        <div className={styles.launchRow}>
          <Select
            label={t("tournament.launchMode")}
            value={mode}
            options={modeOptions()}
            onChange={setMode}
            disabled={allDone}
          />
          <Button
            variant="primary"
            disabled={!canLaunch}
            loading={launch.pending}
            onClick={onLaunch}
          >
            {again !== null && nextMap
              ? t("tournament.relaunchMap", { n: nextIndex + 1, map: mapLabel(nextMap) })
              : tournament.series.length > 1 && nextMap
                ? t("tournament.launchMap", { n: nextIndex + 1, map: mapLabel(nextMap) })
                : t("tournament.launch")}
          </Button>
        </div>
        <p className={textStyles.muted}>{hint}</p>
        {finished && !allDone && (consoleOnly || matchzyRoster) ? (
          <Notice>{matchzyRoster ? t("tournament.launchMatchzy") : consoleText}</Notice>
        ) : null}
        {result && launchNoteText(result.notes) ? (
          <Notice>{launchNoteText(result.notes)}</Notice>
        ) : null}
        {result?.placement ? <PlacementReport placement={result.placement} /> : null}
        {result ? <BackupsReport backups={result.backups} /> : null}
        <hr className={styles.divider} />
        {!tournament.archived && tournament.launchedMaps === 0 ? (
          <>
            <h3 className={styles.subTitle}>{t("tournament.namesTitle")}</h3>
            <NamesForm tournament={tournament} />
            <hr className={styles.divider} />
          </>
        ) : null}
        {!tournament.archived ? (
          <Button loading={adminOp.pending} onClick={onArchive}>
            {t("tournament.archive")}
          </Button>
        ) : (
          <div className={styles.archivedRow}>
            <p className={textStyles.muted}>{t("tournament.archived")}</p>
            <Button loading={adminOp.pending} onClick={() => void onUnarchive()}>
              {t("tournament.unarchive")}
            </Button>
          </div>
        )}
        {dialog}
      </div>
    </Card>
  );
}

/** Whether the launch turned round backups on, which a crashed match is brought back from. */
/** What the backend said about a launch, in the visitor's language (null when nothing). */
function launchNoteText(notes: LaunchResult["notes"]): string | null {
  const said = notes.map((note) =>
    "sides" in note
      ? t(`tournament.launched.${note.kind}`, { sides: note.sides })
      : t(`tournament.launched.${note.kind}`),
  );
  return said.join(" ") || null;
}

function BackupsReport({ backups }: { backups: LaunchResult["backups"] }) {
  if (backups === "on") {
    return (
      <p className={textStyles.muted} role="status">
        {t("tournament.backupsOn")}
      </p>
    );
  }
  return <Notice>{t("tournament.backupsFailed", { reason: backups.failed })}</Notice>;
}

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
