import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { useConfirmation } from "@/hooks/use-confirmation";
import { formatDateTime } from "@/i18n/format";
import { t, type MessageKey } from "@/i18n";
import "@/i18n/load/moderation";
import type { Id } from "@/lib/backend";
import { parseSteamId } from "@/lib/moderation";
import { useComms, type CommsKind } from "../hooks/use-moderation";
import { useActiveComms, useServerSanctions, type ModerationRole } from "../hooks/use-sanctions";
import { banDuration } from "../utils/bans";
import { BanListPanel } from "./ban-list-panel";
import { CommsForm } from "./comms-form";
import { SanctionHistory, SanctionList } from "./sanction-history";
import styles from "@/styles/admin.module.css";

/**
 * Everything a moderator does, on one tab (admins see it too): the server's bans in force with
 * add and unban, mute/gag/silence where the server runs CS2-SimpleAdmin, a player's sanction
 * history by SteamID, and the server's recent sanctions.
 */
export function ModerationTab({
  serverId,
  serverName,
  simpleAdmin,
  role,
}: {
  serverId: Id<"servers"> | undefined;
  serverName: string;
  simpleAdmin: boolean;
  role: ModerationRole;
}) {
  return (
    <div className={styles.tab}>
      <Card title={t("moderation.tab.bans", { server: serverName })}>
        <BanListPanel serverId={serverId} role={role} />
      </Card>
      <Card title={t("moderation.comms.title")}>
        {simpleAdmin ? (
          <div className={styles.cardBody}>
            <CommsForm serverId={serverId} role={role} titled={false} />
            <ActiveComms serverId={serverId} />
          </div>
        ) : (
          <Notice>{t("moderation.comms.unsupported")}</Notice>
        )}
      </Card>
      <HistorySearch />
      <Card title={t("moderation.tab.recent")}>
        <ServerSanctions serverId={serverId} />
      </Card>
    </div>
  );
}

/** Blocks in force on this server; lifting one asks first (the backend judges who may). */
function ActiveComms({ serverId }: { serverId: Id<"servers"> | undefined }) {
  const { rows, status, loadMore } = useActiveComms(serverId);
  const comms = useComms(serverId);
  const { ask, dialog } = useConfirmation();
  if (status === "LoadingFirstPage") return null;
  return (
    <section className={styles.history} aria-label={t("moderation.comms.active")}>
      <h3 className={styles.moderationTitle}>{t("moderation.comms.active")}</h3>
      {rows.length === 0 ? (
        <p className={styles.historyEmpty}>{t("moderation.comms.none")}</p>
      ) : (
        <ul className={styles.historyList}>
          {rows.map((row) => {
            const kind = row.kind as CommsKind;
            const kindLabel = t(`moderation.kind.${kind}` as MessageKey);
            const name = row.playerName ?? row.steamId;
            return (
              <li key={row._id} className={styles.historyItem}>
                <Badge tone="warning">{kindLabel}</Badge>
                <span className={styles.wrap}>{name}</span>
                <span>
                  {row.expiresAt
                    ? t("moderation.comms.until", { date: formatDateTime(row.expiresAt) })
                    : banDuration(0)}
                </span>
                {row.reason ? <span className={styles.historyReason}>{row.reason}</span> : null}
                {row.canLift ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t("moderation.comms.liftLabel", { kind: kindLabel, name })}
                    onClick={() =>
                      ask({
                        title: t("moderation.comms.liftTitle"),
                        text: t("moderation.comms.liftText", { kind: kindLabel, name }),
                        confirmLabel: t("moderation.comms.lift"),
                        run: () => comms[`un${kind}`].run({ steamId: row.steamId }),
                      })
                    }
                  >
                    {t("moderation.comms.lift")}
                  </Button>
                ) : (
                  <span
                    className={styles.historyReason}
                    title={t("moderation.comms.adminOnlyHint")}
                  >
                    {t("moderation.comms.adminOnly")}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {status === "CanLoadMore" ? (
        <Button size="sm" variant="ghost" onClick={loadMore}>
          {t("moderation.history.more")}
        </Button>
      ) : null}
      {dialog}
    </section>
  );
}

/** A player's sanction history, by any SteamID form. */
function HistorySearch() {
  const [input, setInput] = useState("");
  const [shown, setShown] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  return (
    <Card title={t("moderation.tab.search")}>
      <form
        className={styles.moderationRow}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = parseSteamId(input);
          if (parsed.kind === "invalid") return setError(parsed.message);
          if (parsed.kind !== "id64") return setError(t("moderation.tab.searchNeeds64"));
          setError(undefined);
          setShown(parsed.steamId);
        }}
      >
        <TextField
          className={styles.reason}
          label={t("moderation.tab.searchLabel")}
          value={input}
          error={error}
          autoComplete="off"
          onChange={(e) => setInput(e.target.value)}
        />
        <Button type="submit">{t("moderation.tab.searchSubmit")}</Button>
      </form>
      {shown ? <SanctionHistory key={shown} steamId={shown} /> : null}
    </Card>
  );
}

function ServerSanctions({ serverId }: { serverId: Id<"servers"> | undefined }) {
  const { rows, status, loadMore } = useServerSanctions(serverId);
  return <SanctionList rows={rows} status={status} loadMore={loadMore} showPlayer />;
}
