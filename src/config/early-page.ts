/**
 * The inline script a page's HTML runs before any of its code downloads (vite.config.ts
 * `earlySocket`): it opens the Convex socket the client adopts (src/app/early-socket.ts), and on
 * the panel's dashboard it asks the deployment's HTTP query API for the live view the first screen
 * shows, with the arguments the panel builds (src/app/panel/shown-server.ts `dashboardArgs`). The
 * answer is there about one round trip after the page, while the page's code still downloads;
 * the panel shows it until its own subscription delivers
 * (src/features/live/utils/early-dashboard.ts). Should the deployment refuse the request (or the
 * network fail), nothing changes: the subscription delivers as before. A deployment answers a
 * page of any origin there (convex-backend's router puts a CORS layer on `/api`, mirroring the
 * origin). Kept free of imports: vite.config.ts loads it.
 */

/** Where the panel remembers the server shown (features/servers `ACTIVE_SERVER_KEY`). */
export const STORED_SERVER_KEY = "activeServerId";

/** The function the early request runs: the panel's first screen. */
export const EARLY_QUERY_PATH = "live:dashboard";

export function earlyPageScript(syncUrl: string, httpUrl: string): string {
  const socket = `window.__convexSocket=new WebSocket(${JSON.stringify(syncUrl)})`;
  // Arguments in dashboardArgs's key order: the panel matches them by their serialization.
  const dashboard =
    `var q=new URLSearchParams(location.search),t=q.get("tab");` +
    `if(location.pathname==="/"&&(!t||t==="dashboard")){` +
    `var a={},k=q.get("server"),s=null;` +
    `try{s=localStorage.getItem(${JSON.stringify(STORED_SERVER_KEY)})}catch(e){}` +
    `if(k)a.serverKey=k;if(s)a.serverId=s;a.orFirst=true;` +
    `window.__firstDashboard={args:JSON.stringify(a),value:fetch(${JSON.stringify(`${httpUrl}/api/query`)},` +
    `{method:"POST",headers:{"Content-Type":"application/json"},` +
    `body:JSON.stringify({path:${JSON.stringify(EARLY_QUERY_PATH)},args:a,format:"json"})})` +
    `.then(function(r){return r.json()})` +
    `.then(function(b){if(b.status!=="success")throw b;return b.value})};` +
    `window.__firstDashboard.value.catch(function(){})}`;
  return `try{${socket}}catch(e){}try{${dashboard}}catch(e){}`;
}
