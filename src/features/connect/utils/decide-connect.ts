import { steamConnectUrl } from "@/lib/steam-connect";

/** Cached state of one server, as `api.live.connectTargets` returns it. */
export interface ConnectTarget {
  key: string;
  name: string;
  connectAddress: string;
  online: boolean;
  /** false until the backend has polled the server at least once. */
  known: boolean;
  /** `host:port` of the server's GOTV broadcast, while it is online with GOTV on. */
  gotvAddress?: string;
}

/**
 * `/connect1` and `/connect2` target one server by position, `/connect/:key` any server by its
 * key, `/connect` the first online one.
 */
export type ConnectMode =
  { kind: "server"; index: number } | { kind: "key"; key: string } | { kind: "first-online" };

export type ConnectDecision =
  | { kind: "desktop-only"; target?: ConnectTarget }
  | { kind: "loading" }
  | { kind: "redirect"; target: ConnectTarget; url: string }
  | { kind: "offline"; target: ConnectTarget }
  | { kind: "unreachable"; target: ConnectTarget }
  | { kind: "all-down"; count: number }
  | { kind: "not-configured"; number: number }
  | { kind: "unknown-key"; key: string }
  | { kind: "no-servers" };

export const REDIRECT_DELAY_MS = 100;
export const MOBILE_MAX_WIDTH = 768;

const PHONE_UA =
  /Android|iPhone|iPad|iPod|Mobile|Windows Phone|IEMobile|Opera Mini|BlackBerry|webOS/i;

/** The game only runs on desktops: phones, tablets and windows up to 768 px get a notice instead. */
export function isPhoneLike(userAgent: string, width: number): boolean {
  return PHONE_UA.test(userAgent) || width <= MOBILE_MAX_WIDTH;
}

function pick(targets: ConnectTarget[], mode: ConnectMode): ConnectTarget | undefined {
  if (mode.kind === "server") return targets[mode.index];
  if (mode.kind === "key") return targets.find((t) => t.key === mode.key);
  return targets.find((t) => t.online);
}

/** What a connect page shows or does, from the cached server states (never a browser call to a game server). */
export function decideConnect(
  targets: ConnectTarget[] | undefined,
  mode: ConnectMode,
  phoneLike: boolean,
): ConnectDecision {
  if (phoneLike) return { kind: "desktop-only", target: targets ? pick(targets, mode) : undefined };
  if (targets === undefined) return { kind: "loading" };
  if (targets.length === 0) return { kind: "no-servers" };
  if (mode.kind === "first-online") {
    const online = targets.find((t) => t.online);
    return online
      ? { kind: "redirect", target: online, url: steamConnectUrl(online.connectAddress) }
      : { kind: "all-down", count: targets.length };
  }
  const target = pick(targets, mode);
  if (!target) {
    return mode.kind === "key"
      ? { kind: "unknown-key", key: mode.key }
      : { kind: "not-configured", number: mode.index + 1 };
  }
  if (!target.known) return { kind: "unreachable", target };
  if (!target.online) return { kind: "offline", target };
  return { kind: "redirect", target, url: steamConnectUrl(target.connectAddress) };
}
