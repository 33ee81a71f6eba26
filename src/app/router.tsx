import { createBrowserRouter } from "react-router-dom";
import { paths } from "@/config/paths";
import { PageFallback } from "./page-fallback";
import { PanelPage } from "./panel/panel-page";
import { RootLayout } from "./root-layout";
import { RouteError } from "./route-error";
import { TabRedirect } from "./tab-redirect";

/** The main panel loads eagerly; /docs and the connect pages are separate chunks. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageFallback />,
    children: [
      { path: paths.home, element: <PanelPage /> },
      {
        path: paths.docs,
        lazy: async () => ({
          Component: (await import("@/features/docs/components/docs-page")).DocsPage,
        }),
      },
      {
        path: paths.connect1,
        lazy: async () => {
          const { ConnectPage } = await import("@/features/connect/components/connect-page");
          return { Component: () => <ConnectPage mode={{ kind: "server", index: 0 }} /> };
        },
      },
      {
        path: paths.connect2,
        lazy: async () => {
          const { ConnectPage } = await import("@/features/connect/components/connect-page");
          return { Component: () => <ConnectPage mode={{ kind: "server", index: 1 }} /> };
        },
      },
      {
        path: paths.connectKey,
        lazy: async () => ({ Component: (await import("./connect-key-route")).ConnectKeyRoute }),
      },
      {
        path: paths.connect,
        lazy: async () => {
          const { ConnectPage } = await import("@/features/connect/components/connect-page");
          return { Component: () => <ConnectPage mode={{ kind: "first-online" }} /> };
        },
      },
      {
        path: paths.matches,
        lazy: async () => ({
          Component: (await import("@/features/history/components/matches-page")).MatchesPage,
        }),
      },
      {
        path: paths.match,
        lazy: async () => ({
          Component: (await import("@/features/history/components/match-page")).MatchPage,
        }),
      },
      {
        path: paths.player,
        lazy: async () => ({ Component: (await import("./player-route")).PlayerRoute }),
      },
      {
        path: paths.leaderboard,
        lazy: async () => ({
          Component: (await import("@/features/history/components/leaderboard-page"))
            .LeaderboardPage,
        }),
      },
      {
        path: paths.demos,
        lazy: async () => ({
          Component: (await import("@/features/history/components/demos-page")).DemosPage,
        }),
      },
      {
        path: paths.tournament,
        lazy: async () => ({ Component: (await import("./tournament-page")).TournamentPage }),
      },
      {
        path: paths.cup,
        lazy: async () => ({
          Component: (await import("@/features/cup/components/cup-page")).CupPage,
        }),
      },
      {
        path: paths.cupEmbed,
        lazy: async () => ({
          Component: (await import("@/features/cup/components/cup-page")).CupEmbed,
        }),
      },
      {
        path: paths.cupTeam,
        lazy: async () => ({
          Component: (await import("@/features/cup/components/cup-page")).CupPage,
        }),
      },
      {
        path: paths.me,
        lazy: async () => ({ Component: (await import("./me-route")).MeRoute }),
      },
      {
        path: paths.bans,
        lazy: async () => ({
          Component: (await import("@/features/bans/components/public-bans-page")).PublicBansPage,
        }),
      },
      {
        path: paths.overlay,
        lazy: async () => ({ Component: (await import("./overlay-route")).OverlayRoute }),
      },
      { path: ":tab", element: <TabRedirect /> },
    ],
  },
]);
