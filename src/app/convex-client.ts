import { ConvexReactClient } from "convex/react";
import { env } from "@/config/env";
import { createPanelLogger } from "@/lib/convex-logger";
import { adoptingWebSocket } from "./early-socket";

/** What the page's one Convex client is made with. */
export const CLIENT_OPTIONS = {
  logger: createPanelLogger(console),
  webSocketConstructor: typeof WebSocket === "undefined" ? undefined : adoptingWebSocket(),
  // Convex's default asks «Leave site?» while any mutation is in flight. The panel's mutations in
  // flight are a tab's heartbeat or a click already answered by a toast, never unsaved input, so
  // a spectator leaving or following a link is never stopped by a prompt (on a slow connection
  // the heartbeat is in flight often).
  unsavedChangesWarning: false,
} satisfies ConstructorParameters<typeof ConvexReactClient>[1];

/** The page's one Convex client; entries start its queries before React renders. */
export const convex = new ConvexReactClient(env.convexUrl, CLIENT_OPTIONS);

/**
 * Subscribes now, so the socket opens and the query is on its way while the page's code still
 * loads; the component's own useQuery with the same arguments takes the subscription over.
 */
export function startQuery(...options: Parameters<ConvexReactClient["prewarmQuery"]>): void {
  convex.prewarmQuery({ extendSubscriptionFor: 30_000, ...options[0] });
}
