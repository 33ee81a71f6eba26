import { useMutation } from "convex/react";
import { useEffect } from "react";
import { useDocumentVisible } from "@/hooks/use-document-visible";
import { api, HEARTBEAT_INTERVAL_MS, type Id } from "@/lib/backend";
import type { LiveScreen } from "./use-live-data";
import { viewerId } from "./viewer-id";

/** What the tab shows: a change is reported at once, so the player list is fetched only when shown. */
type LiveView = LiveScreen;

export { HEARTBEAT_INTERVAL_MS };

/**
 * Tells the backend this tab is watching the server and what it shows (every 72 s while the tab
 * is visible, and at once when the view changes), so the poller runs at full speed only while
 * someone looks, and fetches the player list only while a tab shows it.
 */
export function useHeartbeat(serverId: Id<"servers"> | undefined, view: LiveView = "other"): void {
  const beat = useMutation(api.live.heartbeat);
  const visible = useDocumentVisible();
  useEffect(() => {
    if (!serverId || !visible) return;
    const send = () => {
      // A missed beat only slows polling down until the next one; nothing to show the user.
      beat({ serverId, viewerId, view }).catch(() => undefined);
    };
    send();
    const id = window.setInterval(send, HEARTBEAT_INTERVAL_MS);
    return () => window.clearInterval(id);
  }, [beat, serverId, visible, view]);
}
