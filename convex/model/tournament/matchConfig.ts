/**
 * A tournament launch on a server that runs MatchZy: the panel builds MatchZy's match config for
 * the series map (team names, the roster by SteamID64, the map and the sides the veto gave), keeps
 * it for a few minutes under a random key and a hashed token, and tells the game server to fetch
 * it (`matchzy_loadmatch_url`, lib/matchzyMatch.ts). The game server then holds the roster itself:
 * roster players land in their team, anyone else is kicked.
 *
 * One config per launched map (`num_maps` 1): the panel keeps the series, and the next map is
 * launched once the previous one's result is recorded (model/tournament/series.ts).
 *
 * What the config carries about people is what MatchZy needs and nothing more: SteamID64s and the
 * names the seats show. It is served only to a caller that sends the launch's token, until it
 * expires.
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import {
  MATCH_CONFIG_PATH,
  MATCH_CONFIG_TTL_MS,
  type MatchzyMatchConfig,
  type MatchzyMatchTeam,
} from "../../lib/matchzyMatch";
import { randomToken, sha256Hex } from "../../lib/random";
import { TOURNAMENT_TEXTS } from "../../lib/texts/tournament";
import type { LaunchPayload } from "../../lib/tournamentFields";
import type { PushSeries } from "../../lib/validators";
import { sameSecret } from "../push/secret";
import { pushStatusOf } from "../push/status";

type LaunchTeam = LaunchPayload["TeamA"];

/** The modes MatchZy plays: it sets competitive, or wingman with `wingman: true`. */
export const MATCHZY_MODES = ["competitive", "wingman"] as const;

export const MATCH_CONFIG_MESSAGES = {
  mode: TOURNAMENT_TEXTS["refusal.tournament.matchzyMode"],
  noSiteUrl: TOURNAMENT_TEXTS["refusal.tournament.matchzyNoSiteUrl"],
} as const;

/** A team's roster as MatchZy holds it, or null when a seat has no SteamID (nickname seats). */
function rosterOf(team: LaunchTeam): MatchzyMatchTeam | null {
  const ids = team.SteamIds;
  if (!ids || ids.length !== team.Players.length) return null;
  const players: Record<string, string> = {};
  ids.forEach((id, i) => {
    players[id] = team.Players[i] ?? "";
  });
  return { name: team.Name ?? "", players };
}

/**
 * MatchZy's config for one launched series map, from what the launch sends (`launchPayload`: team
 * names, seats, the map and each team's side). Team A is MatchZy's team 1. Null when the roster is
 * not bound to SteamIDs: MatchZy can hold players by SteamID64 only.
 */
export function matchzyConfigOf(
  payload: LaunchPayload,
  { matchId, teamSize }: { matchId: number; teamSize: number },
): MatchzyMatchConfig | null {
  const team1 = rosterOf(payload.TeamA);
  const team2 = rosterOf(payload.TeamB);
  if (!team1 || !team2) return null;
  return {
    matchid: matchId,
    team1,
    team2,
    num_maps: 1,
    maplist: [payload.Map],
    map_sides: [payload.TeamA.Side === "CT" ? "team1_ct" : "team1_t"],
    skip_veto: true,
    clinch_series: true,
    players_per_team: teamSize,
    wingman: payload.Mode === "wingman",
  };
}

/** The URL a game server fetches a config from; "" when the site URL is unknown. */
export function matchConfigUrl(siteUrl: string | undefined, key: string): string {
  if (!siteUrl) return "";
  return `${siteUrl.replace(/\/+$/, "")}${MATCH_CONFIG_PATH}${key}`;
}

/** Expired configs deleted per new one: the table stays small without a sweep. */
const EXPIRED_PER_WRITE = 10;

/**
 * Stores a launch's config; answers its key (the URL's last segment) and token (the header value),
 * the token kept only as a hash. A few expired configs go at the same time.
 */
export async function storeMatchConfig(
  ctx: MutationCtx,
  row: { tournamentId: Id<"tournaments">; serverId: Id<"servers">; config: MatchzyMatchConfig },
  now: number,
): Promise<{ id: Id<"matchConfigs">; key: string; token: string }> {
  const expired = await ctx.db
    .query("matchConfigs")
    .withIndex("by_expiresAt", (q) => q.lt("expiresAt", now))
    .take(EXPIRED_PER_WRITE);
  for (const old of expired) await ctx.db.delete("matchConfigs", old._id);
  const key = randomToken(16);
  const token = randomToken(32);
  const id = await ctx.db.insert("matchConfigs", {
    key,
    tokenHash: await sha256Hex(token),
    expiresAt: now + MATCH_CONFIG_TTL_MS,
    tournamentId: row.tournamentId,
    serverId: row.serverId,
    body: JSON.stringify(row.config),
  });
  return { id, key, token };
}

export type MatchConfigReply =
  { status: 200; body: string } | { status: 401 | 404 | 410; body: string };

const KEY_RE = /^[0-9a-f]{32}$/;

/**
 * The config under `key` for a caller that sent the launch's token (as its SHA-256), while it
 * lasts: 404 for an unknown key, 401 for a wrong token, 410 once expired.
 */
export async function matchConfigFor(
  ctx: QueryCtx,
  { key, tokenHash, now }: { key: string; tokenHash: string; now: number },
): Promise<MatchConfigReply> {
  const error = (status: 401 | 404 | 410, message: string) => ({
    status,
    body: JSON.stringify({ error: message }),
  });
  if (!KEY_RE.test(key)) return error(404, "Match config not found");
  const row = await ctx.db
    .query("matchConfigs")
    .withIndex("by_key", (q) => q.eq("key", key))
    .unique();
  if (!row) return error(404, "Match config not found");
  if (!sameSecret(tokenHash, row.tokenHash)) return error(401, "Unauthorized");
  if (row.expiresAt <= now) return error(410, "Match config expired");
  return { status: 200, body: row.body };
}

/**
 * What MatchZy's events of a launched config will be read against: its match id, each map by
 * number with team 1's starting side, and the mode. So a recorded map takes its map and mode from
 * the match MatchZy plays, not from whatever the last poll showed.
 */
export function seriesOfConfig(config: MatchzyMatchConfig, mode: string): PushSeries {
  return {
    matchid: config.matchid,
    maps: config.maplist.slice(0, 9).map((mapName, i) => {
      const side = config.map_sides[i];
      const team1StartSide =
        side === "team1_ct" || side === "team2_t"
          ? ("CT" as const)
          : side === "team1_t" || side === "team2_ct"
            ? ("T" as const)
            : undefined;
      return { mapName, mapNumber: i, ...(team1StartSide ? { team1StartSide } : {}) };
    }),
    mode,
  };
}

/**
 * After a launch the game server took: the server's push status expects the config's match, so
 * its events are read with the config's maps, sides and mode. Nothing when push is off (no
 * status row: its events are refused anyway) or the config is gone.
 */
export async function expectLaunchedMatch(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  configId: Id<"matchConfigs">,
  mode: string,
): Promise<void> {
  const row = await ctx.db.get("matchConfigs", configId);
  const status = await pushStatusOf(ctx, serverId);
  if (!row || !status) return;
  const config = JSON.parse(row.body) as MatchzyMatchConfig;
  await ctx.db.patch("pushStatus", status._id, { series: seriesOfConfig(config, mode) });
}
