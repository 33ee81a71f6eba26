import { ConvexReactClient } from "convex/react";
import { env } from "@/config/env";
import { createPanelLogger } from "@/lib/convex-logger";
import { adoptingWebSocket } from "./early-socket";

/** The page's one Convex client; entries start its queries before React renders. */
export const convex = new ConvexReactClient(env.convexUrl, {
  logger: createPanelLogger(console),
  webSocketConstructor: typeof WebSocket === "undefined" ? undefined : adoptingWebSocket(),
});

/**
 * Subscribes now, so the socket opens and the query is on its way while the page's code still
 * loads; the component's own useQuery with the same arguments takes the subscription over.
 */
export function startQuery(...options: Parameters<ConvexReactClient["prewarmQuery"]>): void {
  convex.prewarmQuery({ extendSubscriptionFor: 30_000, ...options[0] });
}
