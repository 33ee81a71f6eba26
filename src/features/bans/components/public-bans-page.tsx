import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icon";
import { Spinner } from "@/components/ui/spinner";
import { DataTable } from "@/components/ui/table";
import { paths } from "@/config/paths";
import { t } from "@/i18n";
import "@/i18n/load/bans";
import "@/i18n/load/common";
import "@/i18n/load/moderation";
import { usePublicBans } from "../hooks/use-public-bans";
import styles from "./public-bans.module.css";
import { dateFormat } from "@/i18n/format";

const time = dateFormat({ dateStyle: "short", timeStyle: "short" });

/**
 * `/bans`: the community's bans in force (one row per player and server), read-only, when an
 * admin made it public.
 */
export function PublicBansPage() {
  const { enabled, rows, status, loadMore } = usePublicBans();
  return (
    <main className={styles.page}>
      <Link to={paths.home}>← {t("moderation.public.back")}</Link>
      <Card title={t("moderation.public.title")}>
        {enabled === undefined || (enabled && status === "LoadingFirstPage") ? (
          <Spinner label={t("common.loading")} />
        ) : !enabled ? (
          <EmptyState icon={<Icon name="list" />} role="status">
            {t("moderation.public.off")}
          </EmptyState>
        ) : rows.length === 0 ? (
          <EmptyState icon={<Icon name="list" />} role="status">
            {t("moderation.public.empty")}
          </EmptyState>
        ) : (
          <DataTable
            caption={t("moderation.public.title")}
            rows={rows}
            rowKey={(b) => b._id}
            columns={[
              { header: t("moderation.public.player"), cell: (b) => b.playerName ?? b.steamId },
              { header: "SteamID", cell: (b) => <span className={styles.mono}>{b.steamId}</span> },
              {
                header: t("moderation.public.server"),
                cell: (b) => b.serverName ?? t("common.dash"),
              },
              {
                header: t("moderation.banReason"),
                cell: (b) => <span className={styles.reason}>{b.reason ?? t("common.dash")}</span>,
              },
              {
                header: t("moderation.public.until"),
                cell: (b) =>
                  b.expiresAt ? time.format(new Date(b.expiresAt)) : t("banList.forever"),
              },
              { header: t("moderation.public.when"), cell: (b) => time.format(new Date(b.at)) },
              ...(rows.some((b) => b.by)
                ? [
                    {
                      header: t("moderation.public.byCol"),
                      cell: (b: (typeof rows)[number]) => b.by ?? "",
                    },
                  ]
                : []),
            ]}
          />
        )}
        {status === "CanLoadMore" ? (
          <Button onClick={loadMore}>{t("moderation.history.more")}</Button>
        ) : null}
      </Card>
    </main>
  );
}
