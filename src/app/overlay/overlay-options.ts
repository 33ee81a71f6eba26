export interface OverlayOptions {
  serverKey: string;
  /** `?rounds=1`: the round strip under the score. */
  showRounds: boolean;
  /** `?killfeed=1`: the last kills, a subscription of its own (one re-run per batch of kills). */
  showFeed: boolean;
}

/** The overlay's arguments from its address: `/overlay/<key>?rounds=1&killfeed=1`. */
export function overlayOptions(pathname: string, search: string): OverlayOptions {
  const params = new URLSearchParams(search);
  const key = /^\/overlay\/([^/]+)\/?$/.exec(pathname)?.[1] ?? "";
  let serverKey = key;
  try {
    serverKey = decodeURIComponent(key);
  } catch {
    // a malformed escape names no server; the query answers "no match"
  }
  return {
    serverKey,
    showRounds: params.get("rounds") === "1",
    showFeed: params.get("killfeed") === "1",
  };
}

/** The dashboard's query by the server's key: the overlay's score in one round trip. */
export function overlayQueryArgs(options: OverlayOptions) {
  return { serverKey: options.serverKey };
}
