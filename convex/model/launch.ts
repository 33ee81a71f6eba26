/** Who a tournament launch placed on a team, read from the game server's answer. */
import { v, type Infer } from "convex/values";
import { vLaunchPayload, type LaunchPayload } from "../lib/validators";

export const vPlacement = v.object({ placed: v.array(v.string()), notPlaced: v.array(v.string()) });
export type Placement = Infer<typeof vPlacement>;

const NOT_CONNECTED = /not connected:\s*(.+)$/i;

function strings(x: unknown): string[] | null {
  return Array.isArray(x) && x.every((s) => typeof s === "string") ? x : null;
}

/**
 * The plugin answers `placed` / `notConnected` (docs/game-server-api.md); an older answer only says
 * "…; not connected: a, b" in its message. Everyone not reported missing counts as placed.
 */
export function placementOf(payload: LaunchPayload, reply: unknown): Placement {
  const all = [...payload.TeamA.Players, ...payload.TeamB.Players];
  const answer = (typeof reply === "object" && reply !== null ? reply : {}) as Record<
    string,
    unknown
  >;
  const placed = strings(answer.placed);
  const notConnected = strings(answer.notConnected);
  if (placed && notConnected) return { placed, notPlaced: notConnected };
  const text = [answer.message, answer.result].find((x) => typeof x === "string") as
    string | undefined;
  const missing = text?.match(NOT_CONNECTED)?.[1]?.split(/,\s*/).filter(Boolean) ?? [];
  const lower = new Set(missing.map((m) => m.toLowerCase()));
  return { placed: all.filter((p) => !lower.has(p.toLowerCase())), notPlaced: missing };
}

/** What the launch action may send for one series map, or why it cannot launch. */
export const vLaunchInfo = v.union(
  v.object({ ok: v.literal(true), payload: vLaunchPayload, seriesLength: v.number() }),
  v.object({
    ok: v.literal(false),
    code: v.union(v.literal("NOT_FOUND"), v.literal("CONFLICT"), v.literal("INVALID_INPUT")),
    message: v.string(),
  }),
);
export type LaunchInfo = Infer<typeof vLaunchInfo>;

export const vLaunchResult = v.object({
  action: v.literal("launchGame"),
  map: v.string(),
  /** The next series map to offer, or null when the series is fully launched. */
  nextMapIndex: v.union(v.number(), v.null()),
  note: v.union(v.string(), v.null()),
  placement: v.union(vPlacement, v.null()),
});
export type LaunchResult = Infer<typeof vLaunchResult>;
