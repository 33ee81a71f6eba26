import { Link } from "react-router-dom";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LanguageSwitch } from "@/components/ui/language-switch";
import { Skeleton } from "@/components/ui/spinner";
import { connectPath, paths } from "@/config/paths";
import { OnlineIndicator } from "@/features/live/components/online-indicator";
import { ServerSelector } from "@/features/servers/components/server-selector";
import type { PublicServer } from "@/hooks/use-servers";
import type { CurrentUserState } from "@/hooks/use-current-user";
import { t } from "@/i18n";
import "@/i18n/load/common";
import { useAuthActions } from "@/lib/auth-actions";
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
  const activeKey = servers?.find((s) => s._id === activeServerId)?.key;
  const signInAvailability = useAuthActions().availability;
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
        <nav className={styles.nav} aria-label={t("header.nav")}>
          {activeKey ? (
            <Link
              to={connectPath(activeKey)}
              className={styles.connectLink}
              title={t("header.connectTitle")}
            >
              {t("header.connect")}
            </Link>
          ) : null}
          <Link to={paths.matches} className={styles.historyLink}>
            {t("header.matches")}
          </Link>
          <Link to={paths.leaderboard} className={styles.historyLink}>
            {t("header.leaderboard")}
          </Link>
          <Link to={paths.cups} className={styles.historyLink}>
            {t("header.cups")}
          </Link>
          <Link to={paths.docs} className={styles.docsLink}>
            {t("app.docsLink")}
          </Link>
          <LanguageSwitch />
          {/* With the other links, so a phone's first row keeps only the brand and sign-out. */}
          {user.isSignedIn ? (
            <Link to={paths.me} className={styles.historyLink}>
              {t("header.myProfile")}
            </Link>
          ) : null}
        </nav>
        <div className={styles.user}>
          {user.isLoading ? (
            <Skeleton width="6rem" height="2.5rem" radius="10px" />
          ) : user.isSignedIn ? (
            <>
              {user.user ? (
                <span className={styles.userName} title={user.user.username}>
                  {user.user.username}
                </span>
              ) : null}
              {user.isAdmin ? <Badge tone="accent">{t("header.adminBadge")}</Badge> : null}
              {user.isModerator ? <Badge tone="warning">{t("header.moderatorBadge")}</Badge> : null}
              <Button onClick={onSignOut}>{t("header.signOut")}</Button>
            </>
          ) : (
            <>
              {isGuestAdminEnabled ? (
                <Badge tone="warning">{t("header.guestAdminBadge")}</Badge>
              ) : null}
              {signInAvailability === "unavailable" ? (
                <span
                  className={styles.signInUnavailable}
                  role="status"
                  data-testid="sign-in-unavailable"
                  title={t("header.signInUnavailableTitle")}
                >
                  {t("header.signInUnavailable")}
                </span>
              ) : (
                <Button variant="primary" onClick={onSignIn}>
                  {t("header.signIn")}
                </Button>
              )}
            </>
          )}
        </div>
      </div>
    </header>
  );
}
