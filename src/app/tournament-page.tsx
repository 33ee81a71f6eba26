import { Link, useParams } from "react-router-dom";
import { useCurrentUser } from "@/hooks/use-current-user";
import { TournamentBoard } from "@/features/map-ban-pick/components/tournament-board";
import { useActiveServer } from "@/features/servers/hooks/use-active-server";
import { useServers } from "@/hooks/use-servers";
import { paths } from "@/config/paths";
import { t } from "@/i18n";
import "@/i18n/load/tournament";
import styles from "./tournament-page.module.css";

/** `/t/:slug`: one tournament's shareable page; spectators see the veto live, read-only. */
export function TournamentPage() {
  const { slug = "" } = useParams();
  const user = useCurrentUser();
  const servers = useServers();
  const { server } = useActiveServer(servers);
  return (
    <main className={styles.page}>
      <nav className={styles.nav}>
        <Link to={`${paths.home}?tab=map_ban_pick`}>{t("tournament.backToPanel")}</Link>
      </nav>
      <TournamentBoard
        slug={slug}
        isAdmin={user.isAdmin}
        serverId={server?._id}
        serverName={server?.name}
      />
    </main>
  );
}
