import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { t } from "@/i18n";
import "@/i18n/load/history";
import { useMatchDemos } from "../hooks/use-demos";
import { DemoRow } from "./demo-row";
import styles from "./history.module.css";

/** The match page's demo card: each demo of the map with its download link, or why there is none. */
export function MatchDemos({ matchId, isAdmin }: { matchId: string; isAdmin: boolean }) {
  const demos = useMatchDemos(matchId, isAdmin);
  return (
    <Card title={t("history.demos.title")}>
      {demos === undefined ? (
        <Spinner />
      ) : demos.length === 0 ? (
        <div className={styles.stack}>
          <p>{t("history.demos.none")}</p>
          <p className={styles.muted}>{t("history.demos.noneHint")}</p>
        </div>
      ) : (
        <ul className={styles.demos}>
          {demos.map((demo) => (
            <DemoRow key={demo.id} demo={demo} isAdmin={isAdmin} />
          ))}
        </ul>
      )}
    </Card>
  );
}
