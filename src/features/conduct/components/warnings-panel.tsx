import { useState } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { t, type MessageKey } from "@/i18n";
import { formatDateTime } from "@/i18n/format";
import "@/i18n/load/conduct";
import "@/i18n/load/moderation";
import type { Id } from "@/lib/backend";
import { useWarnings } from "../hooks/use-conduct";
import styles from "./conduct.module.css";

/** Warn a player on the selected server; the escalations the warnings proposed. */
export function WarningsPanel({ serverId }: { serverId: Id<"servers"> | undefined }) {
  const { warn, apply, dismiss, escalations } = useWarnings(serverId);
  const [steamId, setSteamId] = useState("");
  const [reason, setReason] = useState("");
  const [dismissReason, setDismissReason] = useState("");
  return (
    <div className={styles.stack}>
      <form
        className={styles.row}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void warn.run({ steamId, reason }).then((result) => {
            if (!result) return;
            toast.success(
              t(
                `conduct.warn.${result.escalation === "none" ? "done" : result.escalation}` as MessageKey,
                result,
              ),
            );
            setReason("");
          });
        }}
      >
        <TextField
          className={styles.grow}
          label={t("conduct.warn.steamId")}
          value={steamId}
          autoComplete="off"
          onChange={(e) => setSteamId(e.target.value)}
        />
        <TextField
          className={styles.grow}
          label={t("conduct.warn.reason")}
          value={reason}
          maxLength={100}
          onChange={(e) => setReason(e.target.value)}
        />
        <Button type="submit" loading={warn.pending}>
          {t("conduct.warn.submit")}
        </Button>
      </form>
      <section aria-label={t("conduct.warn.escalations")}>
        <h3 className={styles.name}>{t("conduct.warn.escalations")}</h3>
        {!escalations || escalations.length === 0 ? (
          <p className={styles.empty}>{t("conduct.warn.noEscalations")}</p>
        ) : (
          <ul className={styles.list}>
            {escalations.map((w) => (
              <li key={w._id} className={styles.item}>
                <div className={styles.head}>
                  <span className={styles.name}>{w.playerName ?? w.steamId}</span>
                  <span className={styles.muted}>
                    {formatDateTime(w.at)} · {w.count} · {w.reason}
                  </span>
                </div>
                <div className={styles.row}>
                  <Button
                    size="sm"
                    variant="primary"
                    loading={apply.pending}
                    onClick={() => void apply.run({ warningId: w._id })}
                  >
                    {t("conduct.warn.apply")}
                  </Button>
                  <TextField
                    className={styles.grow}
                    label={t("conduct.warn.dismissReason")}
                    value={dismissReason}
                    onChange={(e) => setDismissReason(e.target.value)}
                  />
                  <Button
                    size="sm"
                    loading={dismiss.pending}
                    onClick={() => void dismiss.run({ warningId: w._id, reason: dismissReason })}
                  >
                    {t("conduct.warn.dismiss")}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
