import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icon";
import { Skeleton } from "@/components/ui/spinner";
import { formatInteger } from "@/i18n/format";
import { t, type MessageKey } from "@/i18n";
import "@/i18n/load/dashboard";
import type { Summary } from "@/lib/backend";
import styles from "./dashboard.module.css";

const TOTALS: { key: keyof Summary; label: MessageKey }[] = [
  { key: "totalPlayers", label: "summary.totalPlayers" },
  { key: "totalKills", label: "summary.totalKills" },
  { key: "totalDeaths", label: "summary.totalDeaths" },
  { key: "totalDamage", label: "summary.totalDamage" },
  { key: "totalBombsPlanted", label: "summary.totalBombsPlanted" },
  { key: "totalBombsDefused", label: "summary.totalBombsDefused" },
];

/**
 * The six overall totals; undefined while loading, null when the server has not reported them
 * yet, `unknown` when it cannot (a plain CS2 server over RCON).
 */
export function SummaryCard({
  summary,
  unknown = false,
}: {
  summary: Summary | null | undefined;
  unknown?: boolean;
}) {
  return (
    <Card title={t("dashboard.summaryTitle")}>
      {summary === null || unknown ? (
        <div className={styles.totals} style={{ display: "block" }}>
          <EmptyState icon={<Icon name="chart" />}>
            {t(unknown ? "dashboard.unknownSummary" : "dashboard.noSummary")}
          </EmptyState>
        </div>
      ) : (
        <dl className={styles.totals} aria-busy={summary === undefined}>
          {TOTALS.map(({ key, label }) => (
            <div key={key} className={styles.total}>
              <dt>{t(label)}</dt>
              <dd>
                {summary === undefined ? (
                  <Skeleton width="4rem" height="1.75rem" />
                ) : (
                  formatInteger(summary[key])
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {summary && !unknown ? <p className={styles.summaryNote}>{t("summary.note")}</p> : null}
    </Card>
  );
}
