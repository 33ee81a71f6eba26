import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { useNow } from "@/hooks/use-now";
import { t, type MessageKey } from "@/i18n";
import "@/i18n/load/cup";
import type { Id } from "@/lib/backend";
import { useCupAdmin, useCupStalls } from "../hooks/use-cup-actions";
import type { CupView } from "../hooks/use-cup";
import { useBusyCall } from "../hooks/use-busy-call";
import { nameOf } from "../utils/cup-view";
import styles from "./cup.module.css";

type StallList = NonNullable<ReturnType<typeof useCupStalls>>;
type Stall = StallList["stalls"][number];

/**
 * The matches of a running cup that wait for an admin: what is wrong (a drawn series, a team not on
 * the server, the server gone or silent, a no-show with walkovers off) and what can be done about
 * it here: a walkover, playing it again from the start, or moving it to a free server of the pool.
 * A stall whose grace has not passed yet (a team still joining) shows once it has.
 */
export function StalledMatches({ cup }: { cup: CupView }) {
  const list = useCupStalls(cup.id, cup.status === "running");
  const now = useNow(15_000);
  const shown = list?.stalls.filter((s) => s.at <= now) ?? [];
  if (!list || shown.length === 0) return null;
  return (
    <section className={styles.stalls} aria-label={t("cup.stall.title")}>
      <h3>{t("cup.stall.title")}</h3>
      {shown.map((s) => (
        <StalledMatch key={s.matchId} cup={cup} stall={s} servers={list.freeServers} />
      ))}
    </section>
  );
}

const WHAT: Record<Stall["kind"], MessageKey> = {
  draw: "cup.stall.draw",
  absent: "cup.stall.absent",
  serverOffline: "cup.stall.serverOffline",
  serverGone: "cup.stall.serverGone",
  noShow: "cup.stall.noShow",
};

function StalledMatch({
  cup,
  stall,
  servers,
}: {
  cup: CupView;
  stall: Stall;
  servers: StallList["freeServers"];
}) {
  const { matchChange, moveServer } = useCupAdmin();
  const { busy, act } = useBusyCall();
  const [target, setTarget] = useState("");
  const match = cup.matches.find((m) => m.id === stall.matchId);
  if (!match) return null;
  const a = match.teamA as Id<"cupTeams">;
  const b = match.teamB as Id<"cupTeams">;
  const serverLost = stall.kind === "serverOffline" || stall.kind === "serverGone";
  const walkover = (winner: Id<"cupTeams">) =>
    act(() => matchChange({ matchId: match.id, change: { kind: "walkover", winner } }));
  return (
    <article className={styles.stall} aria-label={match.key}>
      <Notice role="note">
        <strong>
          {match.key}: {nameOf(cup, a)} — {nameOf(cup, b)}
        </strong>{" "}
        {t(WHAT[stall.kind], { teams: (stall.missing ?? []).join(", ") })}{" "}
        {t(serverLost ? "cup.stall.canMove" : "cup.stall.canDecide")}
      </Notice>
      <div className={styles.inline}>
        <Button loading={busy} onClick={() => walkover(a)}>
          {t("cup.admin.walkover", { team: nameOf(cup, a) })}
        </Button>
        <Button loading={busy} onClick={() => walkover(b)}>
          {t("cup.admin.walkover", { team: nameOf(cup, b) })}
        </Button>
        <Button
          loading={busy}
          onClick={() => act(() => matchChange({ matchId: match.id, change: { kind: "replay" } }))}
        >
          {t("cup.stall.replay")}
        </Button>
      </div>
      {serverLost && (
        <div className={styles.inline}>
          {servers.length === 0 ? (
            <p>{t("cup.stall.noFreeServer")}</p>
          ) : (
            <>
              <Select
                label={t("cup.stall.moveTo")}
                value={target}
                onChange={setTarget}
                options={[
                  { value: "", label: "—" },
                  ...servers.map((s) => ({ value: s.id, label: s.name })),
                ]}
              />
              <Button
                variant="primary"
                loading={busy}
                disabled={!target}
                onClick={() =>
                  act(async () => {
                    await moveServer({ matchId: match.id, toServerId: target as Id<"servers"> });
                    setTarget("");
                  })
                }
              >
                {t("cup.stall.move")}
              </Button>
            </>
          )}
        </div>
      )}
    </article>
  );
}
