import { Suspense, useId } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useKillFeed } from "@/hooks/use-kill-feed";
import { useLocalStorage } from "@/hooks/use-local-storage";
import { t } from "@/i18n";
import "@/i18n/load/match";
import type { Id } from "@/lib/backend";
import { lazyNamed } from "@/lib/lazy-named";
import styles from "./dashboard.module.css";

// Loaded when a spectator opens the feed: most never do, so the first load does not carry it.
const KillFeed = lazyNamed(() => import("@/components/match/kill-feed"), "KillFeed");

/**
 * The kill feed as a spectator opens it: closed by default, because a kill-by-kill feed is its
 * own subscription and costs far more than the scoreboard; open, it follows the server's log. The
 * browser remembers the choice, so an opened feed stays open across tabs and visits.
 */
export function KillFeedPanel({ serverId }: { serverId: Id<"servers"> | undefined }) {
  const [stored, store] = useLocalStorage<"open" | "closed">("cs2-panel:kill-feed", "closed");
  const open = stored === "open";
  const feed = useKillFeed(serverId, open);
  const bodyId = useId();
  return (
    <Card
      title={t("killFeed.title")}
      aside={
        <Button
          size="sm"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => store(open ? "closed" : "open")}
          data-testid="kill-feed-toggle"
        >
          {open ? t("killFeed.hide") : t("killFeed.show")}
        </Button>
      }
    >
      <div id={bodyId} className={styles.killFeed}>
        {!open ? (
          <p className={styles.muted}>{t("killFeed.closed")}</p>
        ) : feed === undefined ? (
          <Spinner />
        ) : feed === null ? (
          <p className={styles.muted}>{t("killFeed.empty")}</p>
        ) : (
          <Suspense fallback={<Spinner />}>
            <KillFeed kills={feed.kills} />
          </Suspense>
        )}
      </div>
    </Card>
  );
}
