import { useSearchParams } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { t } from "@/i18n";
import "@/i18n/load/history";
import { useServers } from "@/hooks/use-servers";
import { useMatches } from "../hooks/use-history";
import { HistoryLayout } from "./history-layout";
import { MatchesTable } from "./matches-table";
import styles from "./history.module.css";

/** /matches: recorded matches, latest first, with a server filter kept in the address (?server=). */
export function MatchesPage() {
  const [params, setParams] = useSearchParams();
  const serverKey = params.get("server") ?? "";
  const servers = useServers();
  const { matches, status, loadMore } = useMatches(serverKey);
  const options = [
    { value: "", label: t("history.matches.allServers") },
    ...(servers ?? []).map((s) => ({ value: s.key, label: s.name })),
  ];
  return (
    <HistoryLayout>
      <header className={styles.section}>
        <h1 className={styles.title}>{t("history.matches.title")}</h1>
        <p className={styles.lead}>{t("history.matches.lead")}</p>
      </header>
      <div className={styles.filters}>
        <Select
          label={t("history.matches.server")}
          value={serverKey}
          options={options}
          onChange={(key) => setParams(key ? { server: key } : {}, { replace: true })}
        />
      </div>
      {status === "LoadingFirstPage" ? (
        <Spinner />
      ) : matches.length === 0 ? (
        <EmptyState title={t("history.matches.empty")}>{t("history.matches.emptyHint")}</EmptyState>
      ) : (
        <>
          <MatchesTable matches={matches} />
          {status === "CanLoadMore" || status === "LoadingMore" ? (
            <Button onClick={loadMore} loading={status === "LoadingMore"}>
              {t("history.more")}
            </Button>
          ) : null}
        </>
      )}
    </HistoryLayout>
  );
}
