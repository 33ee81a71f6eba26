/**
 * Snapshot diffing: a write invalidates every subscription that read the document, so the poller
 * only writes when what viewers see would change.
 */
import type { Match, Player, Summary } from "./validators";

/** Key-order-independent deep equality for plain JSON values. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => sameJson(x, bb[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = Object.keys(ao).filter((k) => ao[k] !== undefined);
  const bkeys = Object.keys(bo).filter((k) => bo[k] !== undefined);
  return keys.length === bkeys.length && keys.every((k) => sameJson(ao[k], bo[k]));
}

export function matchChanged(
  stored: { match: Match; summary?: Summary } | null,
  next: { match: Match; summary: Summary },
): boolean {
  return !stored || !sameJson(stored.match, next.match) || !sameJson(stored.summary, next.summary);
}

export function playersChanged(stored: Player[] | null, next: Player[]): boolean {
  return !stored || !sameJson(stored, next);
}

export const LIVENESS_REFRESH_MS = 30_000;

export type StatusWrite =
  { kind: "none" } | { kind: "online"; refreshOnly: boolean } | { kind: "offline"; error: string };

/** When the viewer-facing status document must be written (flip, or liveness older than 30 s). */
export function statusWrite(
  stored: { online: boolean; livenessAt: number } | null,
  result: { ok: true } | { ok: false; error: string },
  now: number,
): StatusWrite {
  if (result.ok) {
    if (!stored || !stored.online) return { kind: "online", refreshOnly: false };
    return now - stored.livenessAt >= LIVENESS_REFRESH_MS
      ? { kind: "online", refreshOnly: true }
      : { kind: "none" };
  }
  if (!stored || stored.online) return { kind: "offline", error: result.error };
  return { kind: "none" };
}
