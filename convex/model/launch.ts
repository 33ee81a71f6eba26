/**
 * Launching the finished veto on a game server (admin), one series map at a time in order (a BO3
 * launches map 1, then offers maps 2 and 3), as a declared capability (model/capability.ts). The
 * plugin API takes the whole match in one call (`/private/launch_game`: mode, map, both teams with
 * sides); over the RCON proxy and direct RCON only the mode and the map can be set (direct RCON in
 * one session under the server's lock), and the admin is told that teams must be placed by hand. One audit entry per launch, written with the launch itself.
 */
import { ConvexError, v, type Infer } from "convex/values";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { fail, type ErrorData } from "../lib/errors";
import { vConnectionType, vLaunchPayload, type Actor, type LaunchPayload } from "../lib/validators";
import { defineCapability } from "./capability";
import { notifyTournamentLaunched } from "./notifications";
import * as model from "./tournament";
import { stateOf } from "./tournamentStore";

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

type Refuse = Extract<LaunchInfo, { ok: false }>;

/**
 * What the launch sends to the game server for the series map at `mapIndex`, or why it cannot
 * launch. Returned rather than thrown so the refusal is audited before the caller sees it.
 */
export async function launchInfoOf(
  ctx: QueryCtx,
  tournamentId: Id<"tournaments">,
  mode: string,
  mapIndex: number,
): Promise<LaunchInfo> {
  const t = await ctx.db.get("tournaments", tournamentId);
  const refuse = (code: Refuse["code"], message: string): Refuse => ({ ok: false, code, message });
  if (!t) return refuse("NOT_FOUND", model.TOURNAMENT_MESSAGES.notFound);
  try {
    const payload = model.launchPayload(t, mode, mapIndex);
    return { ok: true as const, payload, seriesLength: t.series.length };
  } catch (error) {
    if (!(error instanceof ConvexError)) throw error;
    const { code, message } = error.data as ErrorData;
    if (code !== "CONFLICT" && code !== "INVALID_INPUT") throw error;
    return refuse(code, message);
  }
}

/** Records a launch the game server accepted; answers the audit entry's details. */
export async function recordLaunch(
  ctx: MutationCtx,
  launch: { tournamentId: Id<"tournaments">; mode: string; map: string },
  actor: Actor,
  serverId: Id<"servers"> | undefined,
): Promise<string> {
  const { tournamentId, mode, map } = launch;
  const t = await ctx.db.get("tournaments", tournamentId);
  if (!t) fail("NOT_FOUND", model.TOURNAMENT_MESSAGES.notFound);
  // Recorded even if an admin archived meanwhile: the match did start on the server.
  await ctx.db.replace("tournaments", tournamentId, model.markLaunched(stateOf(t), mode));
  await notifyTournamentLaunched(ctx, t, { admin: actor.username, mode, map, serverId });
  return `${t.slug}: ${mode}, ${map}`;
}

/** What a launch over a console (no plugin) could not do, by connection type. */
const CONSOLE_NOTES = {
  RCON_PROXY:
    "Для RCON-проксі встановлено лише режим і мапу: розподіл гравців по командах недоступний.",
  RCON: "Через RCON встановлено режим і мапу: розподіл гравців по командах потребує плагіна на сервері.",
} as const;

export const LAUNCH_CAPABILITY = defineCapability({
  name: "tournament_launch",
  access: "admin",
  args: { tournamentId: v.id("tournaments"), mode: v.string(), mapIndex: v.number() },
  returns: vLaunchResult,
  server: true,
  load: async (ctx, { tournamentId, mode, mapIndex }, server) => ({
    info: await launchInfoOf(ctx, tournamentId, mode, mapIndex),
    connectionType: server?.target.connectionType ?? "HTTP",
  }),
  loaded: v.object({ info: vLaunchInfo, connectionType: vConnectionType }),
  check: (_input, { info }) => {
    if (!info.ok) fail(info.code, info.message);
  },
  gameServer: ({ mode }, { info, connectionType }) => {
    if (!info.ok) return [];
    if (connectionType === "HTTP") return [{ kind: "launchGame", payload: info.payload }];
    // Direct RCON: the mode's console commands, then the map, in one session.
    if (connectionType === "RCON") {
      return [{ kind: "launchGame", payload: info.payload }];
    }
    return [
      { kind: "gameMode", mode },
      { kind: "changeMap", map: info.payload.Map },
    ];
  },
  commit: async (ctx, { tournamentId, mode }, { actor, serverId, loaded: { info } }) => {
    if (!info.ok) return;
    const map = info.payload.Map;
    return { details: await recordLaunch(ctx, { tournamentId, mode, map }, actor, serverId) };
  },
  result: ({ mapIndex }, { info, connectionType }, { replies }): LaunchResult => {
    if (!info.ok) fail(info.code, info.message);
    const plugin = connectionType === "HTTP";
    return {
      action: "launchGame",
      map: info.payload.Map,
      nextMapIndex: mapIndex + 1 < info.seriesLength ? mapIndex + 1 : null,
      note: plugin ? null : CONSOLE_NOTES[connectionType],
      placement: plugin ? placementOf(info.payload, replies[0]) : null,
    };
  },
});
