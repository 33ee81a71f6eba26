/**
 * The page's HTML opens the Convex socket before any script downloads (an inline script the build
 * writes, see vite.config.ts `earlySocket`), so its TCP and WebSocket handshakes overlap the
 * download of the page's code instead of following it: on a phone's 150 ms round trip that is
 * two round trips off the first data. The Convex client adopts that socket as its first one.
 */
declare global {
  interface Window {
    __convexSocket?: WebSocket;
  }
}

function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}

/** A WebSocket constructor whose first call, for the socket the page opened, returns that one. */
export function adoptingWebSocket(): typeof WebSocket {
  function Adopting(url: string | URL, protocols?: string | string[]): WebSocket {
    const early = typeof window === "undefined" ? undefined : window.__convexSocket;
    if (early) window.__convexSocket = undefined;
    if (
      early &&
      protocols === undefined &&
      sameUrl(early.url, String(url)) &&
      (early.readyState === WebSocket.CONNECTING || early.readyState === WebSocket.OPEN)
    ) {
      // Already open: the client attaches its handlers now and must still hear "open".
      if (early.readyState === WebSocket.OPEN) {
        setTimeout(() => early.onopen?.(new Event("open")));
      }
      return early;
    }
    early?.close();
    return new WebSocket(url, protocols);
  }
  return Object.assign(Adopting, {
    CONNECTING: WebSocket.CONNECTING,
    OPEN: WebSocket.OPEN,
    CLOSING: WebSocket.CLOSING,
    CLOSED: WebSocket.CLOSED,
  }) as unknown as typeof WebSocket;
}
