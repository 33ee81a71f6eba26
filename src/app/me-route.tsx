import { Link, useNavigate } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageShell } from "@/components/ui/page-shell";
import { paths } from "@/config/paths";
import { SteamAccountCard } from "@/features/account/components/steam-account-card";
import { MyReportsCard, OwnRecordCard } from "@/features/conduct/components/own-record";
import { useSteamLinkReturn } from "@/features/account/hooks/use-steam-link";
import { useCurrentUser } from "@/hooks/use-current-user";
import { t } from "@/i18n";
import "@/i18n/load/account";
import "@/i18n/load/common";
import { PageFallback } from "./page-fallback";
import { PlayerRoute } from "./player-route";
import styles from "./me-route.module.css";

/**
 * «Мій профіль»: the Steam link of the signed-in user and, once linked, their career. Steam's
 * sign-in comes back here to finish the link.
 */
export function MeRoute() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  useSteamLinkReturn(user.isSignedIn && user.user?.isStored === true);
  if (user.isLoading) return <PageFallback />;
  const nav = (
    <Link to={paths.home} className={styles.back}>
      {t("common.backToPanel")}
    </Link>
  );
  if (!user.isSignedIn || !user.user) {
    return (
      <PageShell nav={nav} className={styles.page}>
        <h1 className={styles.title}>{t("account.title")}</h1>
        <EmptyState
          title={t("account.signIn")}
          action={
            <Button variant="primary" onClick={() => void navigate(`${paths.home}?tab=auth`)}>
              {t("account.signInAction")}
            </Button>
          }
        />
      </PageShell>
    );
  }
  const card = <SteamAccountCard steamId={user.user.steamId} steamName={user.user.steamName} />;
  if (user.user.steamId) {
    const above = (
      <>
        {card}
        <OwnRecordCard />
        <MyReportsCard />
      </>
    );
    return <PlayerRoute steamId={user.user.steamId} above={above} />;
  }
  return (
    <PageShell nav={nav} className={styles.page}>
      <h1 className={styles.title}>{t("account.title")}</h1>
      {card}
    </PageShell>
  );
}
