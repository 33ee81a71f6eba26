import { useEffect } from "react";
import { useParams, useSearchParams } from "react-router-dom";
import { Scorebug } from "@/features/overlay/components/scorebug";
import { useHeartbeat } from "@/features/live/hooks/use-heartbeat";
import { useLiveData } from "@/features/live/hooks/use-live-data";
import { useKillFeed } from "@/hooks/use-kill-feed";
import { useServers } from "@/hooks/use-servers";

/**
 * `/overlay/:serverKey` for a streamer's browser source: the scorebug over a transparent page,
 * live from the dashboard's own subscription and counted as a viewer (its heartbeat), so it costs
 * what a dashboard spectator costs. `?rounds=1` adds the round strip; `?killfeed=1` the kill feed,
 * its own subscription (one re-run per batch of kills).
 */
export function OverlayRoute() {
  const { serverKey = "" } = useParams();
  const [search] = useSearchParams();
  const servers = useServers();
  const server = servers?.find((s) => s.key === serverKey);
  const live = useLiveData(server?._id, "dashboard");
  useHeartbeat(server?._id, "dashboard");
  const showFeed = search.get("killfeed") === "1";
  const feed = useKillFeed(server?._id, showFeed);
  useEffect(() => {
    document.documentElement.dataset.overlay = "";
    return () => void delete document.documentElement.dataset.overlay;
  }, []);
  const match =
    servers !== undefined && !server
      ? null
      : live.snapshot === undefined
        ? undefined
        : (live.snapshot?.match ?? null);
  return (
    <Scorebug
      match={match}
      rounds={live.rounds ?? []}
      showRounds={search.get("rounds") === "1"}
      kills={showFeed ? (feed?.kills ?? []) : undefined}
    />
  );
}
