import { useLocation } from "react-router-dom";
import { overlayOptions } from "./overlay/overlay-options";
import { OverlayView } from "./overlay/overlay-view";

/**
 * `/overlay/:serverKey` inside the panel, for hosts that send every path to index.html; hosts
 * that send `/overlay/*` to overlay.html serve the light entry (src/overlay.tsx) instead.
 */
export function OverlayRoute() {
  const { pathname, search } = useLocation();
  return <OverlayView options={overlayOptions(pathname, search)} />;
}
