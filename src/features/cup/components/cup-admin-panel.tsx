import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { t } from "@/i18n";
import "@/i18n/load/cup";
import type { Id } from "@/lib/backend";
import { useChangePreview, useCupAdmin, type MatchChange } from "../hooks/use-cup-actions";
import type { CupMatchView, CupView } from "../hooks/use-cup";
import { useBusyCall } from "../hooks/use-busy-call";
import { DateTimeSend } from "./date-time-send";
import { StalledMatches } from "./stalled-matches";
import styles from "./cup.module.css";

/**
 * The admin's controls on a cup's page: start it (seeding as the cup says), and for each match with
 * both teams known set a result, award a walkover or replay it, with what the change drops and
 * moves downstream shown before it is made, or move its start.
 */
export function CupAdminPanel({ cup }: { cup: CupView }) {
  const { start } = useCupAdmin();
  const { busy, act } = useBusyCall();
  const playable = cup.matches.filter((m) => m.teamA && m.teamB && m.state !== "void");
  return (
    <Card title={t("cup.admin.title")}>
      {cup.status === "registration" && (
        <Button
          variant="primary"
          loading={busy}
          disabled={cup.teams.length < 2}
          onClick={() => act(() => start({ cupId: cup.id }))}
        >
          {t("cup.admin.start", { n: cup.teams.length })}
        </Button>
      )}
      {cup.status === "running" && <StalledMatches cup={cup} />}
      {cup.status !== "registration" &&
        playable.map((m) => <MatchControl key={m.id} cup={cup} match={m} />)}
    </Card>
  );
}

/** Undecided phases a match may be played again from (its server or its teams let it down). */
const UNDECIDED_REPLAY = new Set(["veto", "live", "no_show"]);

type Kind = "" | "resultA" | "resultB" | "walkoverA" | "walkoverB" | "replay";

function changeOf(kind: Kind, m: CupMatchView, maps: [number, number]): MatchChange | null {
  const a = m.teamA as Id<"cupTeams">;
  const b = m.teamB as Id<"cupTeams">;
  switch (kind) {
    case "resultA":
    case "resultB":
      return {
        kind: "result",
        winner: kind === "resultA" ? a : b,
        winnerMaps: maps[0],
        loserMaps: maps[1],
      };
    case "walkoverA":
    case "walkoverB":
      return { kind: "walkover", winner: kind === "walkoverA" ? a : b };
    case "replay":
      return { kind: "replay" };
    default:
      return null;
  }
}

function MatchControl({ cup, match }: { cup: CupView; match: CupMatchView }) {
  const { matchChange, reschedule } = useCupAdmin();
  const [kind, setKind] = useState<Kind>("");
  const [maps, setMaps] = useState<[number, number]>([Math.ceil(match.bestOf / 2), 0]);
  const { busy, act } = useBusyCall();
  const change = changeOf(kind, match, maps);
  const preview = useChangePreview(match.id, change);
  const name = (id: string | null | undefined) =>
    id === null ? t("cup.bye") : (cup.teams.find((x) => x.id === id)?.name ?? t("cup.tbd"));
  // A change made clears the chosen kind, so the form does not offer it again.
  const apply = (call: () => Promise<unknown>) =>
    act(async () => {
      await call();
      setKind("");
    });
  const label = `${match.key}: ${name(match.teamA)} — ${name(match.teamB)}`;
  return (
    <details className={styles.control}>
      <summary>
        {label} · {t(`cup.phase.${match.phase}` as never)}
      </summary>
      <div className={styles.inline}>
        <Select
          label={t("cup.admin.change")}
          value={kind}
          onChange={(value) => setKind(value as Kind)}
          options={[
            { value: "", label: "—" },
            { value: "resultA", label: t("cup.admin.win", { team: name(match.teamA) }) },
            { value: "resultB", label: t("cup.admin.win", { team: name(match.teamB) }) },
            { value: "walkoverA", label: t("cup.admin.walkover", { team: name(match.teamA) }) },
            { value: "walkoverB", label: t("cup.admin.walkover", { team: name(match.teamB) }) },
            ...(match.result || UNDECIDED_REPLAY.has(match.phase)
              ? [{ value: "replay", label: t("cup.admin.replay") }]
              : []),
          ]}
        />
      </div>
      {(kind === "resultA" || kind === "resultB") && (
        <div className={styles.inline}>
          <TextField
            type="number"
            label={t("cup.admin.winnerMaps")}
            min={1}
            max={match.bestOf}
            value={maps[0]}
            onChange={(e) => setMaps([Number(e.target.value), maps[1]])}
          />
          <TextField
            type="number"
            label={t("cup.admin.loserMaps")}
            min={0}
            max={match.bestOf}
            value={maps[1]}
            onChange={(e) => setMaps([maps[0], Number(e.target.value)])}
          />
        </div>
      )}
      {change && preview && (
        <div className={styles.preview} aria-live="polite">
          <p>
            {preview.resultsDropped.length > 0
              ? t("cup.admin.drops", { keys: preview.resultsDropped.join(", ") })
              : t("cup.admin.dropsNothing")}
          </p>
          {preview.teamsChanged.map((c) => (
            <p key={c.key}>
              {c.key}: {c.before.map((x) => name(x || undefined)).join(" — ")} →{" "}
              {c.after.map((x) => name(x || undefined)).join(" — ")}
            </p>
          ))}
          <Button
            variant="danger"
            loading={busy}
            onClick={() => apply(() => matchChange({ matchId: match.id, change }))}
          >
            {t("cup.admin.apply")}
          </Button>
        </div>
      )}
      {!match.result && (
        <div className={styles.inline}>
          <DateTimeSend
            label={t("cup.admin.reschedule")}
            sendLabel={t("cup.admin.rescheduleSend")}
            busy={busy}
            onSend={(startAt) => void apply(() => reschedule({ matchId: match.id, startAt }))}
          />
        </div>
      )}
    </details>
  );
}
