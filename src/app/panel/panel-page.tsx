import { Suspense, useCallback, useState, type ReactNode } from "react";
import toast from "react-hot-toast";
import { useSearchParams } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { LoadingLabel } from "@/components/ui/spinner";
import { TabPanel, Tabs } from "@/components/ui/tabs";
import { useFlaggedPlayers } from "@/features/moderation/hooks/use-sanctions";
import {
  useGuestAdminAnnouncements,
  useGuestAdminEnabled,
} from "@/features/server-control/hooks/use-guest-admin-setting";
import { useCurrentUser } from "@/hooks/use-current-user";
import { DashboardTab } from "@/features/dashboard/components/dashboard-tab";
import { useHeartbeat } from "@/features/live/hooks/use-heartbeat";
import { useLiveData, type LiveScreen } from "@/features/live/hooks/use-live-data";
import { useOfflineToast } from "@/features/live/hooks/use-offline-toast";
import { PlayersTab } from "@/features/players/components/players-tab";
import { ACTIVE_SERVER_KEY, useActiveServer } from "@/features/servers/hooks/use-active-server";
import { useLocalStorage } from "@/hooks/use-local-storage";
import { useServers } from "@/hooks/use-servers";
import { t } from "@/i18n";
import "@/i18n/load/auth";
import "@/i18n/load/common";
import { useAuthActions } from "@/lib/auth-actions";
import { lazyNamed } from "@/lib/lazy-named";
import type { Id } from "@/lib/backend";
import { PanelHeader } from "./panel-header";
import { dashboardArgs } from "./shown-server";
import { computeTabs, resolveActiveTab, type TabId } from "./tab-rules";
import styles from "./panel.module.css";

const TABS_ID = "panel";

// A visitor lands on the dashboard; every tab that only some open (ban/pick, sign-in, random
// picker) or only staff see (admin, moderation, audit, settings, player moderation) is a chunk
// of its own, so the first load carries the live view and little else.
const MapBanPickTab = lazyNamed(
  () => import("@/features/map-ban-pick/components/map-ban-pick-tab"),
  "MapBanPickTab",
);
const AdminTab = lazyNamed(
  () => import("@/features/server-control/components/admin-tab"),
  "AdminTab",
);
const ModerationTab = lazyNamed(
  () => import("@/features/moderation/components/moderation-tab"),
  "ModerationTab",
);
const ConductSections = lazyNamed(
  () => import("@/features/conduct/components/conduct-sections"),
  "ConductSections",
);
// Staff-only notes on the live view: their texts (the moderation dictionary) stay out of a
// spectator's first load.
const SanctionNotice = lazyNamed(
  () => import("@/features/moderation/components/sanction-notice"),
  "SanctionNotice",
);
const SanctionFlag = lazyNamed(
  () => import("@/features/moderation/components/sanction-flag"),
  "SanctionFlag",
);
const PlayerModeration = lazyNamed(
  () => import("@/features/moderation/components/player-moderation"),
  "PlayerModeration",
);
const SettingsModal = lazyNamed(
  () => import("@/features/settings/components/settings-modal"),
  "SettingsModal",
);
const SettingsButton = lazyNamed(
  () => import("@/features/settings/components/settings-modal"),
  "SettingsButton",
);
const BanListButton = lazyNamed(
  () => import("@/features/moderation/components/ban-list-modal"),
  "BanListButton",
);
const FeedSections = lazyNamed(
  () => import("@/features/feeds/components/feed-sections"),
  "FeedSections",
);
const AuditTab = lazyNamed(() => import("@/features/audit/components/audit-log-modal"), "AuditTab");
const AuditLogButton = lazyNamed(
  () => import("@/features/audit/components/audit-log-modal"),
  "AuditLogButton",
);
const AuthTab = lazyNamed(() => import("@/features/auth/components/auth-tab"), "AuthTab");
const RandomTab = lazyNamed(() => import("@/features/random/components/random-tab"), "RandomTab");

/** `/`: header, tabs and the active tab's content. The tab lives in the URL (`/?tab=players`). */
export function PanelPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const servers = useServers();
  const { server, select } = useActiveServer(servers, searchParams.get("server"));
  const serverId = server?._id;
  const user = useCurrentUser();
  const guestAdmin = useGuestAdminEnabled();
  const isGuestAdminEnabled = guestAdmin ?? false;
  useGuestAdminAnnouncements(guestAdmin);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const { signOut } = useAuthActions();

  const tabs = computeTabs({
    // While the session is being restored, keep the sign-in tab hidden rather than flash it.
    isSignedIn: user.isSignedIn || user.isLoading,
    isAdmin: user.isAdmin,
    isModerator: user.isModerator,
    isGuestAdminEnabled,
    // While the server list loads, keep the server tabs usable (they show skeletons).
    hasServer: server !== null,
  });
  const active = resolveActiveTab(searchParams.get("tab"), tabs);

  const screen: LiveScreen =
    active === "dashboard"
      ? "dashboard"
      : active === "players" ||
          active === "random" ||
          // Admins see launch readiness (who is on the target server) on the ban/pick tab, so
          // the poller keeps that server's player list fresh while it is open.
          (active === "map_ban_pick" && user.isAdmin)
        ? "players"
        : "other";
  const [storedServerId] = useLocalStorage<string>(ACTIVE_SERVER_KEY, undefined);
  const { status, snapshot, rounds, gotvAddress, players } = useLiveData(
    serverId,
    screen,
    dashboardArgs(searchParams.get("server"), storedServerId ?? null),
  );
  const online = status ? status.online : undefined;
  const livePlayers = players === undefined ? undefined : (players?.players ?? null);
  useHeartbeat(serverId, screen);
  useOfflineToast(
    serverId,
    server?.name,
    online,
    user.isAdmin || user.isModerator,
    (server?.connectionType ?? "HTTP") !== "HTTP",
  );

  // The tab and the server live in the URL, so a link to a server's console can be shared.
  const serverKey = server?.key;
  const setTab = useCallback(
    (id: TabId) =>
      setSearchParams((prev) => {
        const next = new URLSearchParams(prev);
        next.set("tab", id);
        if (serverKey && !next.has("server")) next.set("server", serverKey);
        return next;
      }),
    [setSearchParams, serverKey],
  );

  // Moderation is for admins and moderators; only they subscribe to the sanction flags.
  const moderationRole = user.isAdmin ? "admin" : user.isModerator ? "moderator" : null;
  const flagged = useFlaggedPlayers(
    serverId,
    moderationRole !== null && (active === "players" || active === "dashboard"),
  );

  // Switching servers keeps the tab the user is on (a tab the new server does not allow falls
  // back to the dashboard by the usual rules).
  const onSelectServer = (id: Id<"servers">) => {
    if (id === serverId) return;
    select(id);
    const key = servers?.find((s) => s._id === id)?.key;
    setSearchParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set("tab", active);
      if (key) next.set("server", key);
      return next;
    });
  };

  const onSignOut = () => {
    signOut().then(
      () => toast.success(t("auth.signedOut")),
      () => toast.error(t("auth.signOutFailed")),
    );
  };

  let content: ReactNode;
  switch (active) {
    case "dashboard":
      content =
        server === null ? null : (
          <div className={styles.stack}>
            {moderationRole ? (
              <Suspense fallback={null}>
                <SanctionNotice flagged={[...flagged.values()]} />
              </Suspense>
            ) : null}
            <DashboardTab
              key={serverId ?? ""}
              serverId={serverId}
              serverName={server?.name ?? ""}
              snapshot={snapshot}
              rounds={rounds}
              status={status}
              gotvAddress={gotvAddress}
            />
          </div>
        );
      break;
    case "players":
      content =
        server === null ? null : (
          <PlayersTab
            key={serverId ?? ""}
            players={livePlayers}
            offline={online === false}
            renderPlayerActions={
              moderationRole
                ? (player, close) => (
                    <Suspense fallback={null}>
                      <PlayerModeration
                        serverId={serverId}
                        player={player}
                        role={moderationRole}
                        comms={server?.simpleAdmin === true}
                        onDone={close}
                      />
                    </Suspense>
                  )
                : undefined
            }
            renderNameBadge={
              moderationRole
                ? (player) => (
                    <Suspense fallback={null}>
                      <SanctionFlag flag={flagged.get(player.steamId)} />
                    </Suspense>
                  )
                : undefined
            }
          />
        );
      break;
    case "admin":
      content = (
        <AdminTab
          key={serverId ?? ""}
          serverId={serverId}
          serverName={server?.name ?? ""}
          isAdmin={user.isAdmin}
          tools={
            <Suspense fallback={null}>
              <BanListButton serverId={serverId} />
              <AuditLogButton />
              <SettingsButton />
            </Suspense>
          }
          feeds={
            <Suspense fallback={null}>
              <FeedSections serverId={serverId} />
            </Suspense>
          }
        />
      );
      break;
    case "moderation":
      content = moderationRole ? (
        <>
          <ModerationTab
            key={serverId ?? ""}
            serverId={serverId}
            serverName={server?.name ?? ""}
            simpleAdmin={server?.simpleAdmin === true}
            role={moderationRole}
          />
          <ConductSections serverId={serverId} />
        </>
      ) : null;
      break;
    case "map_ban_pick":
      content = (
        <MapBanPickTab isAdmin={user.isAdmin} serverId={serverId} serverName={server?.name} />
      );
      break;
    case "random":
      content = <RandomTab key={serverId ?? ""} serverId={serverId} players={livePlayers} />;
      break;
    case "audit":
      content = <AuditTab />;
      break;
    case "auth":
      content = <AuthTab onDone={() => setTab("dashboard")} />;
      break;
  }

  return (
    <div className={styles.shell}>
      <a className="skip-link" href="#main">
        {t("app.skipToContent")}
      </a>
      <PanelHeader
        servers={servers}
        activeServerId={serverId}
        onSelectServer={onSelectServer}
        online={online}
        user={user}
        isGuestAdminEnabled={isGuestAdminEnabled}
        onSignIn={() => setTab("auth")}
        onSignOut={onSignOut}
      />
      <main id="main" className={styles.main}>
        {servers !== undefined && server === null ? (
          <Notice
            action={
              user.isAdmin ? (
                <Button size="sm" onClick={() => setSettingsOpen(true)}>
                  {t("panel.settings")}
                </Button>
              ) : null
            }
          >
            {t("panel.noServer")}
          </Notice>
        ) : null}
        <Tabs
          idPrefix={TABS_ID}
          label={t("tabs.label")}
          value={active}
          onChange={(id) => setTab(id as TabId)}
          items={tabs
            .filter((tab) => tab.visible)
            .map((tab) => ({
              id: tab.id,
              label: t(tab.label),
              disabled: tab.disabled,
              title: tab.disabled ? t("tabs.needsServer") : undefined,
            }))}
        />
        <TabPanel idPrefix={TABS_ID} tabId={active}>
          {/* A boundary per tab: a tab whose chunk is still loading shows at once, with a
              loading label, instead of the old tab staying up until the chunk arrives. */}
          <Suspense key={active} fallback={<LoadingLabel />}>
            {content}
          </Suspense>
        </TabPanel>
      </main>
      {settingsOpen ? (
        <Suspense fallback={null}>
          <SettingsModal onClose={() => setSettingsOpen(false)} />
        </Suspense>
      ) : null}
      <footer className={styles.footer}>
        <span>{t("app.tagline")}</span>
        <span>{t("app.footer")}</span>
      </footer>
    </div>
  );
}
