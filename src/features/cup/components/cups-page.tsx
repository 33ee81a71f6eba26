import { Link, useNavigate } from "react-router-dom";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageShell } from "@/components/ui/page-shell";
import { Spinner } from "@/components/ui/spinner";
import { cupPath, paths } from "@/config/paths";
import { t, type MessageKey } from "@/i18n";
import { formatDateTime } from "@/i18n/format";
import "@/i18n/load/common";
import "@/i18n/load/cup";
import { useCurrentUser } from "@/hooks/use-current-user";
import { useCups } from "../hooks/use-cup";
import { CreateCupForm } from "./create-cup-form";
import styles from "./cup.module.css";

/** /cup: the community's cups, newest first; admins create a new one here. */
export function CupsPage() {
  const cups = useCups();
  const me = useCurrentUser();
  const navigate = useNavigate();
  return (
    <PageShell
      className={styles.page}
      nav={
        <nav className={styles.nav} aria-label={t("cup.nav")}>
          <Link to={paths.home}>{t("common.backToPanel")}</Link>
        </nav>
      }
    >
      <h1 className={styles.title}>{t("cup.list.title")}</h1>
      <Card title={t("cup.list.current")}>
        {cups === undefined ? (
          <Spinner label={t("cup.loading")} />
        ) : cups.length === 0 ? (
          <EmptyState title={t("cup.list.empty")} />
        ) : (
          <ul className={styles.cupList}>
            {cups.map((c) => (
              <li key={c.slug} className={styles.cupRow}>
                <Link to={cupPath(c.slug)} className={styles.cupName}>
                  {c.name}
                </Link>
                <span className={styles.meta}>
                  {t(`cup.format.${c.format}` as MessageKey)} ·{" "}
                  {t("cup.list.teamsMax", { n: c.teamsMax })} · {formatDateTime(c.createdAt)}
                </span>
                <Badge tone={c.status === "running" ? "success" : "neutral"}>
                  {t(`cup.status.${c.status}` as MessageKey)}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {me.isAdmin && (
        <Card title={t("cup.create.title")}>
          <CreateCupForm onCreated={(slug) => void navigate(cupPath(slug))} />
        </Card>
      )}
    </PageShell>
  );
}
