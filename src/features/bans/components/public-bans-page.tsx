import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { PageShell } from "@/components/ui/page-shell";
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
import { formatDateTime } from "@/i18n/format";

/** A cell's column name, shown only on a phone, where each ban is a card of labelled lines. */
function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <span className={styles.label}>{label}</span>
      {children}
    </>
  );
}

/**
 * `/bans`: the community's bans in force (one row per player and server), read-only, when an
 * admin made it public. On a phone each ban is a card, so every column can be read without
 * scrolling sideways.
 */
export function PublicBansPage() {
  const { enabled, rows, status, loadMore } = usePublicBans();
  return (
    <PageShell
      className={styles.page}
      nav={
        <Link to={paths.home} className={styles.back}>
          {t("common.backToPanel")}
        </Link>
      }
    >
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
          <div className={styles.bans}>
            <DataTable
              caption={t("moderation.public.title")}
              rows={rows}
              rowKey={(b) => b._id}
              columns={[
                {
                  header: t("moderation.public.player"),
                  cell: (b) => (
                    <span className={styles.player}>
                      {b.playerName ?? (
                        <span className={styles.muted}>{t("banList.unknownNickname")}</span>
                      )}
                      <span className={styles.mono}>{b.steamId}</span>
                    </span>
                  ),
                },
                {
                  header: t("moderation.public.server"),
                  cell: (b) => (
                    <Labelled label={t("moderation.public.server")}>
                      {b.serverName ?? t("common.dash")}
                    </Labelled>
                  ),
                },
                {
                  header: t("moderation.banReason"),
                  cell: (b) => (
                    <Labelled label={t("moderation.banReason")}>
                      <span className={styles.reason}>{b.reason ?? t("common.dash")}</span>
                    </Labelled>
                  ),
                },
                {
                  header: t("moderation.public.until"),
                  cell: (b) => (
                    <Labelled label={t("moderation.public.until")}>
                      {b.expiresAt ? formatDateTime(b.expiresAt) : t("banList.forever")}
                    </Labelled>
                  ),
                },
                {
                  header: t("moderation.public.when"),
                  cell: (b) => (
                    <Labelled label={t("moderation.public.when")}>{formatDateTime(b.at)}</Labelled>
                  ),
                },
                ...(rows.some((b) => b.by || b.byGameServer)
                  ? [
                      {
                        header: t("moderation.public.byCol"),
                        cell: (b: (typeof rows)[number]) =>
                          b.by || b.byGameServer ? (
                            <Labelled label={t("moderation.public.byCol")}>
                              {b.byGameServer ? t("bans.byGameServer") : b.by}
                            </Labelled>
                          ) : null,
                      },
                    ]
                  : []),
              ]}
            />
          </div>
        )}
        {status === "CanLoadMore" ? (
          <Button onClick={loadMore}>{t("moderation.history.more")}</Button>
        ) : null}
      </Card>
    </PageShell>
  );
}
