/**
 * Launching the finished veto on a game server (admin), one series map at a time in order (a BO3
 * launches map 1, then offers maps 2 and 3), as a declared capability (model/capability/define.ts). The
 * plugin API takes the whole match in one call (`/private/launch_game`: mode, map, both teams with
 * sides). A server that runs MatchZy, whatever its connection, is told to fetch the launch's match
 * config (model/tournament/matchConfig.ts) and then holds the roster by SteamID itself. Over the RCON proxy
 * and direct RCON without MatchZy only the mode and the map can be set (direct RCON, in one session
 * under the server's lock, also the teams' names), and the admin is told exactly where each player
 * must go. One audit
 * entry per launch, written with the launch itself.
 */
import { ConvexError, v, type Infer } from "convex/values";
import type { Id } from "../../_generated/dataModel";
import { env, type MutationCtx, type QueryCtx } from "../../_generated/server";
import { fail, type ErrorData } from "../../lib/errors";
import { vConnectionType, type Actor } from "../../lib/validators";
import { vLaunchPayload, type LaunchPayload } from "../../lib/tournamentFields";
import { defineCapability, type CapabilityServer } from "../capability/define";
import {
  expectLaunchedMatch,
  MATCH_CONFIG_MESSAGES,
  MATCHZY_MODES,
  matchConfigUrl,
  matchzyConfigOf,
  storeMatchConfig,
} from "./matchConfig";
import { notifyTournamentLaunched } from "../notifications/notify";
import * as model from "./state";
import { stateOf } from "./store";

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

/**
 * A fact about a launch: MatchZy loads the match config; MatchZy was skipped as seats lack Steam;
 * a console (an RCON proxy, direct RCON) could not place players, who must pick the `sides` named.
 */
const vLaunchNote = v.union(
  v.object({ kind: v.literal("matchzy") }),
  v.object({ kind: v.literal("noSteam") }),
  v.object({ kind: v.literal("rconProxy"), sides: v.string() }),
  v.object({ kind: v.literal("rcon"), sides: v.string() }),
);
type LaunchNote = Infer<typeof vLaunchNote>;

export const vLaunchResult = v.object({
  action: v.literal("launchGame"),
  map: v.string(),
  /** The next series map to offer, or null when the series is fully launched. */
  nextMapIndex: v.union(v.number(), v.null()),
  /** What the admin must know about this launch, worded by the panel (`tournament.launched.*`). */
  notes: v.array(vLaunchNote),
  placement: v.union(vPlacement, v.null()),
  /**
   * Round backups turned on with the launch (`on`), or what the game server said when it did not
   * take it (the match is launched anyway).
   */
  backups: v.union(v.literal("on"), v.object({ failed: v.string() })),
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
  launch: { tournamentId: Id<"tournaments">; mode: string; map: string; mapIndex: number },
  actor: Actor,
  serverId: Id<"servers"> | undefined,
): Promise<string> {
  const { tournamentId, mode, map, mapIndex } = launch;
  const t = await ctx.db.get("tournaments", tournamentId);
  if (!t) fail("NOT_FOUND", model.TOURNAMENT_MESSAGES.notFound);
  // Recorded even if an admin archived meanwhile: the match did start on the server.
  const on = serverId ? { serverId, at: Date.now() } : undefined;
  const next = model.markLaunched(stateOf(t), mode, mapIndex, on);
  await ctx.db.replace("tournaments", tournamentId, next);
  await notifyTournamentLaunched(ctx, t, { admin: actor.username, mode, map, serverId });
  return `${t.slug}: ${mode}, ${map}`;
}

/** Where each team must stand, for players to pick themselves: `CT — «A» (a1, a2); T — «B» (…)`. */
function sidesText(payload: LaunchPayload): string {
  const teams =
    payload.TeamA.Side === "CT" ? [payload.TeamA, payload.TeamB] : [payload.TeamB, payload.TeamA];
  return teams
    .map((team) => `${team.Side} — «${team.Name ?? ""}» (${team.Players.join(", ")})`)
    .join("; ");
}

/** How this launch reaches MatchZy: its stored config, or why it goes the usual way. */
const vMatchzyLaunch = v.union(
  v.null(),
  v.object({
    kind: v.literal("config"),
    id: v.id("matchConfigs"),
    url: v.string(),
    token: v.string(),
  }),
  v.object({ kind: v.literal("noSteam") }),
  v.object({ kind: v.literal("badMode") }),
);
type MatchzyLaunch = Infer<typeof vMatchzyLaunch>;

/**
 * On a server that runs MatchZy, the launch's match config, stored before the game server is told
 * to fetch it; null elsewhere or when the launch is refused anyway.
 */
async function matchzyLaunchOf(
  ctx: MutationCtx,
  info: LaunchInfo,
  { tournamentId, mode }: { tournamentId: Id<"tournaments">; mode: string },
  server: CapabilityServer | null,
): Promise<MatchzyLaunch> {
  if (!info.ok || !server) return null;
  const row = await ctx.db.get("servers", server.serverId);
  if (row?.matchzy !== true) return null;
  if (!(MATCHZY_MODES as readonly string[]).includes(mode)) return { kind: "badMode" };
  const t = await ctx.db.get("tournaments", tournamentId);
  const now = Date.now();
  // MatchZy's match id is an integer; the launch time keeps it unique on the server.
  const config = matchzyConfigOf(info.payload, {
    matchId: now,
    teamSize: t?.format.teamSize ?? info.payload.TeamA.Players.length,
  });
  if (!config) return { kind: "noSteam" };
  const stored = await storeMatchConfig(
    ctx,
    { tournamentId, serverId: server.serverId, config },
    now,
  );
  return {
    kind: "config",
    id: stored.id,
    url: matchConfigUrl(env.CONVEX_SITE_URL, stored.key),
    token: stored.token,
  };
}

export const LAUNCH_CAPABILITY = defineCapability({
  name: "tournament_launch",
  access: "admin",
  args: { tournamentId: v.id("tournaments"), mode: v.string(), mapIndex: v.number() },
  returns: vLaunchResult,
  server: true,
  // A mutation, not a query: on a MatchZy server the config must exist before the server asks.
  before: async (ctx, input, server) => {
    const info = await launchInfoOf(ctx, input.tournamentId, input.mode, input.mapIndex);
    return {
      info,
      connectionType: server?.target.connectionType ?? "HTTP",
      matchzy: await matchzyLaunchOf(ctx, info, input, server),
    };
  },
  loaded: v.object({
    info: vLaunchInfo,
    connectionType: vConnectionType,
    matchzy: vMatchzyLaunch,
  }),
  check: (_input, { info, matchzy }) => {
    if (!info.ok) fail(info.code, info.message);
    if (matchzy?.kind === "badMode") fail("INVALID_INPUT", MATCH_CONFIG_MESSAGES.mode);
  },
  gameServer: ({ mode }, { info, connectionType, matchzy }) => {
    if (!info.ok) return [];
    if (matchzy?.kind === "config") {
      const { url, token } = matchzy;
      return [{ kind: "loadMatchConfig", url, token, map: info.payload.Map }];
    }
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
  // After the map is loaded (a map's own config may turn them off): a crashed match can only be
  // brought back from a round backup, but a server that does not take it still plays the match.
  bestEffort: (_input, { info }) => (info.ok ? [{ kind: "backupsOn" }] : []),
  commit: async (
    ctx,
    { tournamentId, mode, mapIndex },
    { actor, serverId, loaded: { info, matchzy } },
  ) => {
    if (!info.ok) return;
    const map = info.payload.Map;
    if (matchzy?.kind === "config" && serverId) {
      await expectLaunchedMatch(ctx, serverId, matchzy.id, mode);
    }
    const launch = { tournamentId, mode, map, mapIndex };
    return { details: await recordLaunch(ctx, launch, actor, serverId) };
  },
  // The game server did not take it: its config is never served.
  onFailure: async (ctx, _input, { loaded: { matchzy } }) => {
    if (matchzy?.kind !== "config") return;
    if (await ctx.db.get("matchConfigs", matchzy.id)) {
      await ctx.db.delete("matchConfigs", matchzy.id);
    }
  },
  result: (
    { mapIndex },
    { info, connectionType, matchzy },
    { replies, bestEffort },
  ): LaunchResult => {
    if (!info.ok) fail(info.code, info.message);
    const backupsFailed = bestEffort.find((b) => b.kind === "backupsOn")?.failure;
    const launched = {
      action: "launchGame" as const,
      map: info.payload.Map,
      nextMapIndex: mapIndex + 1 < info.seriesLength ? mapIndex + 1 : null,
      backups: backupsFailed === undefined ? ("on" as const) : { failed: backupsFailed },
    };
    if (matchzy?.kind === "config") {
      return { ...launched, notes: [{ kind: "matchzy" as const }], placement: null };
    }
    const plugin = connectionType === "HTTP";
    const notes: LaunchNote[] = matchzy?.kind === "noSteam" ? [{ kind: "noSteam" }] : [];
    if (!plugin) {
      const kind = connectionType === "RCON_PROXY" ? "rconProxy" : "rcon";
      notes.push({ kind, sides: sidesText(info.payload) });
    }
    return {
      ...launched,
      notes,
      placement: plugin ? placementOf(info.payload, replies[0]) : null,
    };
  },
});
