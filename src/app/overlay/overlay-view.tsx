import { useQuery } from "convex/react";
import { useEffect } from "react";
import { Scorebug } from "@/features/overlay/components/scorebug";
import { useHeartbeat } from "@/features/live/hooks/use-heartbeat";
import { useKillFeed } from "@/hooks/use-kill-feed";
import { useMatchNow } from "@/hooks/use-match-now";
import { api } from "@/lib/backend";
import { overlayQueryArgs, type OverlayOptions } from "./overlay-options";

/**
 * A streamer's scorebug over a transparent page, live from the dashboard's own query (by the
 * key in the address) and counted as a viewer (its heartbeat), so it costs what a dashboard
 * spectator costs.
 */
export function OverlayView({ options }: { options: OverlayOptions }) {
  const live = useQuery(api.live.dashboard, overlayQueryArgs(options));
  const serverId = live?.serverId ?? undefined;
  useHeartbeat(serverId, "dashboard");
  const feed = useKillFeed(serverId, options.showFeed);
  useEffect(() => {
    document.documentElement.dataset.overlay = "";
    return () => void delete document.documentElement.dataset.overlay;
  }, []);
  const shown = useMatchNow(live?.snapshot);
  const match = live === undefined ? undefined : (shown?.match ?? null);
  return (
    <Scorebug
      match={match}
      noServer={live?.serverId === null}
      rounds={live?.rounds ?? []}
      showRounds={options.showRounds}
      kills={options.showFeed ? (feed?.kills ?? []) : undefined}
    />
  );
}
