import { useState, type FormEvent } from "react";
import { useSearchParams } from "react-router-dom";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import { t } from "@/i18n";
import "@/i18n/load/cup";
import { formatDateTime } from "@/i18n/format";
import { toastError } from "@/lib/errors";
import { useCupPlayer, useMyCupTeam } from "../hooks/use-cup-actions";
import type { CupMatchView, CupView } from "../hooks/use-cup";
import { useBusyCall } from "../hooks/use-busy-call";
import { DateTimeSend } from "./date-time-send";
import styles from "./cup.module.css";

/**
 * A signed-in player's part of a cup: create a team or join one by its invite code (the link's
 * `?invite=`), share the invite link, check the team in when check-in opens, and (captains) agree
 * on a start time inside the admin's window.
 */
export function CupPlayerPanel({ cup }: { cup: CupView }) {
  const mine = useMyCupTeam(cup.id, true);
  // Once the cup runs, only its players have anything to do here.
  if (mine === undefined || (mine === null && cup.status !== "registration")) return null;
  return (
    <Card title={t("cup.mine.title")}>
      {mine === null ? <Register cup={cup} /> : <MyTeam cup={cup} mine={mine} />}
    </Card>
  );
}

function Register({ cup }: { cup: CupView }) {
  const [params] = useSearchParams();
  const { createTeam, joinTeam } = useCupPlayer();
  const [name, setName] = useState("");
  const [tag, setTag] = useState("");
  const [code, setCode] = useState(params.get("invite") ?? "");
  const { busy, act } = useBusyCall();
  const run = (call: () => Promise<unknown>) => (e: FormEvent) => {
    e.preventDefault();
    void act(call);
  };
  return (
    <div className={styles.forms}>
      <form onSubmit={run(() => joinTeam({ inviteCode: code.trim() }))} className={styles.form}>
        <TextField
          label={t("cup.mine.inviteCode")}
          value={code}
          maxLength={64}
          onChange={(e) => setCode(e.target.value)}
          required
        />
        <Button type="submit" variant="primary" loading={busy}>
          {t("cup.mine.join")}
        </Button>
      </form>
      <form
        onSubmit={run(() => createTeam({ cupId: cup.id, name: name.trim(), tag: tag.trim() }))}
        className={styles.form}
      >
        <TextField
          label={t("cup.mine.teamName")}
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
          required
        />
        <TextField
          label={t("cup.mine.teamTag")}
          value={tag}
          maxLength={20}
          onChange={(e) => setTag(e.target.value)}
          required
        />
        <Button type="submit" loading={busy}>
          {t("cup.mine.create")}
        </Button>
      </form>
    </div>
  );
}

type Mine = { teamId: string; captain: boolean; inviteCode: string };

function MyTeam({ cup, mine }: { cup: CupView; mine: Mine }) {
  const team = cup.teams.find((x) => x.id === mine.teamId);
  const link = `${window.location.origin}/cup/${cup.slug}?invite=${mine.inviteCode}`;
  const open = cup.matches.filter(
    (m) =>
      (m.teamA === mine.teamId || m.teamB === mine.teamId) &&
      ["scheduled", "check_in", "waiting"].includes(m.phase) &&
      m.state === "ready",
  );
  return (
    <>
      <p>
        {t("cup.mine.yourTeam")}: <strong>{team?.name}</strong>
        {mine.captain && ` (${t("cup.captain")})`}
      </p>
      {cup.status === "registration" && (
        <div className={styles.invite}>
          <span>{t("cup.mine.inviteLink")}:</span>
          <code>{link}</code>
          <Button
            size="sm"
            onClick={() =>
              void navigator.clipboard
                .writeText(link)
                .then(() => toast.success(t("cup.mine.copied")), toastError)
            }
          >
            {t("cup.mine.copy")}
          </Button>
        </div>
      )}
      {open.map((m) => (
        <MatchActions key={m.id} cup={cup} match={m} mine={mine} />
      ))}
    </>
  );
}

function MatchActions({ cup, match, mine }: { cup: CupView; match: CupMatchView; mine: Mine }) {
  const { checkIn, proposeTime, acceptTime } = useCupPlayer();
  const { busy, act } = useBusyCall();
  const other = match.teamA === mine.teamId ? match.teamB : match.teamA;
  const otherName = cup.teams.find((x) => x.id === other)?.name ?? t("cup.tbd");
  const checked = match.checkedIn.includes(mine.teamId as never);
  const theirProposal = match.proposal && match.proposal.by !== mine.teamId;
  return (
    <article className={styles.myMatch} aria-label={t("cup.mine.matchWith", { team: otherName })}>
      <p>
        {t("cup.mine.matchWith", { team: otherName })}
        {match.startAt && ` · ${formatDateTime(match.startAt)}`}
      </p>
      {match.phase === "check_in" &&
        (checked ? (
          <p>{t("cup.mine.checkedIn")}</p>
        ) : (
          <Button
            variant="primary"
            loading={busy}
            onClick={() => act(() => checkIn({ matchId: match.id }))}
          >
            {t("cup.mine.checkIn")}
          </Button>
        ))}
      {match.phase === "scheduled" && <p>{t("cup.mine.checkInLater")}</p>}
      {mine.captain && cup.scheduleWindow && match.phase !== "check_in" && (
        <div className={styles.form}>
          {theirProposal && (
            <Button loading={busy} onClick={() => act(() => acceptTime({ matchId: match.id }))}>
              {t("cup.mine.accept", { at: formatDateTime(match.proposal!.at) })}
            </Button>
          )}
          <DateTimeSend
            label={t("cup.mine.propose")}
            sendLabel={t("cup.mine.proposeSend")}
            busy={busy}
            onSend={(at) => void act(() => proposeTime({ matchId: match.id, at }))}
          />
        </div>
      )}
    </article>
  );
}
