import { Suspense, useEffect, type ComponentType } from "react";
import { Route, Routes, useLocation, useNavigationType } from "react-router-dom";
import { paths } from "@/config/paths";
import { lazyNamed } from "@/lib/lazy-named";
import { PageFallback } from "./page-fallback";
import { PanelPage } from "./panel/panel-page";
import { NotFoundPage, RouteErrorBoundary } from "./route-error";
import { TabRedirect } from "./tab-redirect";

// The panel loads with the page; every other screen is a chunk of its own. The routes are
// declared as elements (not a data router): the data router's loaders, actions and fetchers, which
// the panel does not use, were about 17 kB gzip of a spectator's first load.
const DocsPage = lazyNamed(() => import("@/features/docs/components/docs-page"), "DocsPage");
const ConnectPage = lazyNamed(
  () => import("@/features/connect/components/connect-page"),
  "ConnectPage",
);
const ConnectKeyRoute = lazyNamed(() => import("./connect-key-route"), "ConnectKeyRoute");
const MatchesPage = lazyNamed(
  () => import("@/features/history/components/matches-page"),
  "MatchesPage",
);
const MatchPage = lazyNamed(() => import("@/features/history/components/match-page"), "MatchPage");
const PlayerRoute = lazyNamed(() => import("./player-route"), "PlayerRoute");
const LeaderboardPage = lazyNamed(
  () => import("@/features/history/components/leaderboard-page"),
  "LeaderboardPage",
);
const DemosPage = lazyNamed(() => import("@/features/history/components/demos-page"), "DemosPage");
const TournamentPage = lazyNamed(() => import("./tournament-page"), "TournamentPage");
const CupsPage = lazyNamed(() => import("@/features/cup/components/cups-page"), "CupsPage");
const CupPage = lazyNamed(() => import("@/features/cup/components/cup-page"), "CupPage");
const CupEmbed = lazyNamed(() => import("@/features/cup/components/cup-page"), "CupEmbed");
const MeRoute = lazyNamed(() => import("./me-route"), "MeRoute");
const PublicBansPage = lazyNamed(
  () => import("@/features/bans/components/public-bans-page"),
  "PublicBansPage",
);
const OverlayRoute = lazyNamed(() => import("./overlay-route"), "OverlayRoute");

const routes: [string, ComponentType][] = [
  [paths.home, PanelPage],
  [paths.docs, DocsPage],
  [paths.connect1, () => <ConnectPage mode={{ kind: "server", index: 0 }} />],
  [paths.connect2, () => <ConnectPage mode={{ kind: "server", index: 1 }} />],
  [paths.connectKey, ConnectKeyRoute],
  [paths.connect, () => <ConnectPage mode={{ kind: "first-online" }} />],
  [paths.matches, MatchesPage],
  [paths.match, MatchPage],
  [paths.player, PlayerRoute],
  [paths.leaderboard, LeaderboardPage],
  [paths.demos, DemosPage],
  [paths.tournament, TournamentPage],
  [paths.cups, CupsPage],
  [paths.cup, CupPage],
  [paths.cupEmbed, CupEmbed],
  [paths.cupTeam, CupPage],
  [paths.me, MeRoute],
  [paths.bans, PublicBansPage],
  [paths.overlay, OverlayRoute],
  [":tab", TabRedirect],
  ["*", NotFoundPage],
];

/** A new page starts at its top; back and forward keep where the browser puts them. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  useEffect(() => {
    if (navigation !== "POP") window.scrollTo(0, 0);
  }, [pathname, navigation]);
  return null;
}

/** Every screen of the panel by its path; a screen that fails to load or render shows the error page. */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <>
      <ScrollToTop />
      <RouteErrorBoundary key={pathname}>
        <Suspense fallback={<PageFallback />}>
          <Routes>
            {routes.map(([path, Component]) => (
              <Route key={path} path={path} element={<Component />} />
            ))}
          </Routes>
        </Suspense>
      </RouteErrorBoundary>
    </>
  );
}
