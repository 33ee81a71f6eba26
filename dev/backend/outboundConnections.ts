/**
 * Outbound HTTP of the Convex functions this process runs (Node's fetch) gives up on a
 * connection attempt when the request it was for gives up.
 *
 * A game server whose process hangs behind a live port (its listen queue full) or a firewall
 * that drops packets never completes the TCP handshake. Aborting a fetch then ends the request
 * but not undici's connection attempt, which holds its socket until undici's own connect
 * timeout (10 s): with twenty such servers polled every few seconds, hundreds of descriptors
 * stay open for nothing. Every outbound request of the panel is bounded by the game-server
 * request timeout, so no connection attempt needs to outlive it.
 *
 * Connections are not kept alive either: a poll comes every few seconds (past undici's 4 s idle
 * keep-alive anyway), and a pooled socket that a restarted or offline game server has just
 * closed would otherwise be reused and fail as "other side closed" instead of the refused
 * connection that tells the poller the server is down.
 */
import { Agent, setGlobalDispatcher } from "undici";
import { REQUEST_TIMEOUT_MS } from "../../convex/gameServer/request";

let installed = false;

/** Installs the process-wide dispatcher (once; later calls do nothing). */
export function closeAbandonedConnections(): void {
  if (installed) return;
  installed = true;
  setGlobalDispatcher(new Agent({ connect: { timeout: REQUEST_TIMEOUT_MS }, pipelining: 0 }));
}
