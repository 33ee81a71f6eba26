/**
 * GOTV (CSTV): whether a server broadcasts, as its polls read it, and the address spectators
 * watch through. Kept on the status document, which is written rarely, so the watch link costs
 * viewers nothing while a match runs.
 */
import type { Doc } from "../../_generated/dataModel";

/**
 * The status fields to write for a poll's GOTV reading, or null when nothing changes: a poll
 * that cannot tell (undefined) leaves the stored reading as it is.
 */
export function gotvPatch(
  stored: { tvPort?: number } | null,
  reading: number | null | undefined,
): { tvPort: number | undefined } | null {
  if (reading === undefined) return null;
  const tvPort = reading ?? undefined;
  return stored?.tvPort === tvPort ? null : { tvPort };
}

/** The host of a `host:port` connect address (a bracketed IPv6 address keeps its brackets). */
export function hostOf(connectAddress: string): string {
  const at = connectAddress.lastIndexOf(":");
  return at > 0 && !connectAddress.endsWith("]") ? connectAddress.slice(0, at) : connectAddress;
}

/**
 * `host:port` to watch the server through GOTV: the connect address's host with the admin's GOTV
 * port, else the one the server reports. Null while the server is offline or GOTV is off.
 */
export function gotvAddressOf(
  server: Pick<Doc<"servers">, "connectAddress" | "gotvPort">,
  status: Pick<Doc<"serverStatus">, "online" | "tvPort"> | null,
): string | null {
  if (!status?.online || status.tvPort === undefined) return null;
  return `${hostOf(server.connectAddress)}:${server.gotvPort ?? status.tvPort}`;
}
