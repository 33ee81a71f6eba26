/**
 * The OBS overlay's own entry (overlay.html, served for `/overlay/<key>`): the scorebug and its
 * query, no router, no sign-in, no panel code, only the scorebug's texts. The production build
 * renders it with Preact (vite.overlay.config.ts), a tenth of React DOM's size.
 */
import { ConvexProvider } from "convex/react";
import { createRoot } from "react-dom/client";
import { convex, startQuery } from "@/app/convex-client";
import { overlayOptions, overlayQueryArgs } from "@/app/overlay/overlay-options";
import { OverlayView } from "@/app/overlay/overlay-view";
import { api } from "@/lib/backend";
import "@/styles/tokens.css";
import "@/styles/global.css";

const options = overlayOptions(location.pathname, location.search);
startQuery({ query: api.live.dashboard, args: overlayQueryArgs(options) });

createRoot(document.getElementById("root")!).render(
  <ConvexProvider client={convex}>
    <OverlayView options={options} />
  </ConvexProvider>,
);
