import "@/i18n/prefetch";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app/app";
import { startQuery } from "@/app/convex-client";
import { dashboardArgs, storedServerId } from "@/app/panel/shown-server";
import { watchEarlyDashboard } from "@/features/live/utils/early-dashboard";
import { api } from "@/lib/backend";
import "@/styles/tokens.css";
import "@/styles/global.css";

// The socket and the first screen's queries start before React renders (and beside sign-in),
// so a spectator's score comes one round trip after the page's code.
watchEarlyDashboard();
const search = new URLSearchParams(location.search);
if (location.pathname === "/") {
  startQuery({ query: api.servers.list, args: {} });
  const tab = search.get("tab");
  if (!tab || tab === "dashboard") {
    startQuery({
      query: api.live.dashboard,
      args: dashboardArgs(search.get("server"), storedServerId()),
    });
  }
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
