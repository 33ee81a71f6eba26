import { Link } from "react-router-dom";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { OnlineIndicator } from "@/features/live/components/online-indicator";
import { ServerSelector } from "@/features/servers/components/server-selector";
import type { PublicServer } from "@/features/servers/hooks/use-servers";
import type { CurrentUserState } from "@/features/auth/hooks/use-current-user";
import { t } from "@/i18n/uk";
import type { Id } from "@/lib/backend";
import styles from "./panel.module.css";

export interface PanelHeaderProps {
  servers: PublicServer[] | undefined;
  activeServerId: Id<"servers"> | undefined;
  onSelectServer: (id: Id<"servers">) => void;
  online: boolean | undefined;
  user: CurrentUserState;
  isGuestAdminEnabled: boolean;
  onSignIn: () => void;
  onSignOut: () => void;
}

export function PanelHeader({
  servers,
  activeServerId,
  onSelectServer,
  online,
  user,
  isGuestAdminEnabled,
  onSignIn,
  onSignOut,
}: PanelHeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <Link to={paths.home} className={styles.brand}>
          <img className={styles.logo} src="/favicon.svg" alt="" />
          <span className={styles.brandText}>
            <span className={styles.brandTitle}>{t("app.title")}</span>
            <span className={styles.brandTagline}>{t("app.tagline")}</span>
          </span>
        </Link>
        <div className={styles.server}>
          <ServerSelector servers={servers} activeId={activeServerId} onSelect={onSelectServer} />
          {activeServerId ? <OnlineIndicator online={online} /> : null}
        </div>
        <div className={styles.user}>
          <Link to={paths.matches} className={styles.historyLink}>
            {t("history.nav.matches")}
          </Link>
          <Link to={paths.leaderboard} className={styles.historyLink}>
            {t("history.nav.leaderboard")}
          </Link>
          <Link to={paths.docs} className={styles.docsLink}>
            {t("app.docsLink")}
          </Link>
          {user.isLoading ? (
            <Skeleton width="6rem" height="2.5rem" radius="10px" />
          ) : user.isSignedIn ? (
            <>
              {user.user ? (
                <span className={styles.userName} title={user.user.username}>
                  {user.user.username}
                </span>
              ) : null}
              <Link to={paths.me} className={styles.historyLink}>
                {t("header.myProfile")}
              </Link>
              {user.isAdmin ? <Badge tone="accent">{t("header.adminBadge")}</Badge> : null}
              {user.isModerator ? <Badge tone="warning">{t("moderation.badge")}</Badge> : null}
              <Button onClick={onSignOut}>{t("header.signOut")}</Button>
            </>
          ) : (
            <>
              {isGuestAdminEnabled ? (
                <Badge tone="warning">{t("header.guestAdminBadge")}</Badge>
              ) : null}
              <Button variant="primary" onClick={onSignIn}>
                {t("header.signIn")}
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
