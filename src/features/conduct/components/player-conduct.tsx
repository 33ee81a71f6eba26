import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { t } from "@/i18n";
import { formatDateTime } from "@/i18n/format";
import "@/i18n/load/conduct";
import { usePlayerWarnings } from "../hooks/use-conduct";
import { ChatLog } from "./chat-log";
import styles from "./conduct.module.css";

/** On a player's page, for staff: their warnings and their recent chat on every server. */
export function PlayerConduct({ steamId }: { steamId: string }) {
  const warnings = usePlayerWarnings(steamId);
  return (
    <>
      <Card title={t("conduct.warn.list")}>
        {!warnings || warnings.length === 0 ? (
          <p className={styles.empty}>{t("conduct.warn.none")}</p>
        ) : (
          <ul className={styles.list}>
            {warnings.map((w) => (
              <li key={w._id} className={styles.item}>
                <div className={styles.head}>
                  <Badge tone={w.inForce ? "warning" : "neutral"}>
                    {w.inForce
                      ? t("conduct.record.until", { date: formatDateTime(w.expiresAt) })
                      : t("conduct.warn.expired")}
                  </Badge>
                  <span className={styles.text}>{w.reason}</span>
                </div>
                <span className={styles.muted}>
                  {formatDateTime(w.at)} · {w.by}
                  {w.serverName ? ` · ${w.serverName}` : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t("conduct.chat.player")}>
        <ChatLog steamId={steamId} />
      </Card>
    </>
  );
}
