import { useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { tournamentPath } from "@/config/paths";
import { formatDateTime } from "@/i18n/format";
import { t } from "@/i18n";
import "@/i18n/load/tournament";
import { useArchive } from "../hooks/use-tournament";
import styles from "./archive-list.module.css";
import textStyles from "./text.module.css";
import { teamSizeLabel } from "@/lib/team-size";

/** Archived tournaments, opened on demand; each keeps its page with the full history. */
export function ArchiveList() {
  const [open, setOpen] = useState(false);
  const { results, status, loadMore } = useArchive(open);
  if (!open) {
    return (
      <Button size="sm" onClick={() => setOpen(true)}>
        {t("tournament.archiveShow")}
      </Button>
    );
  }
  return (
    <section aria-label={t("tournament.archiveTitle")} className={styles.archive}>
      <h3 className={styles.archiveTitle}>{t("tournament.archiveTitle")}</h3>
      {results.length === 0 && status !== "LoadingFirstPage" ? (
        <p className={textStyles.muted}>{t("tournament.archiveEmpty")}</p>
      ) : (
        <ul className={styles.archiveItems}>
          {results.map((item) => (
            <li key={item.id}>
              <Link className={textStyles.shareLink} to={tournamentPath(item.slug)}>
                {item.slug}
              </Link>{" "}
              <span className={textStyles.muted}>
                {teamSizeLabel(item.teamSize)} · {formatDateTime(item.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {status === "CanLoadMore" ? (
        <Button size="sm" onClick={() => loadMore(10)}>
          {t("tournament.archiveMore")}
        </Button>
      ) : null}
    </section>
  );
}
