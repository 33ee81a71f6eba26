/**
 * The public read API (Discord bots, stream overlays) as a pure router over cached data: it never
 * touches a game server. `http.ts` feeds it the snapshot of the requested server (read by the
 * internal queries in `convex/publicApi.ts`).
 */
import { invalidLimit, parseLimit } from "./apiLimit";
import { TOP_CRITERIA, type TopCriterion } from "./gameApi";
import { isSteamId64 } from "./steamId";
import {
  playerSeenFields,
  playerStatsFields,
  type Match,
  type Player,
  type ServerSnapshot,
} from "./validators";

/** The longest `?q=` a player search takes (an in-game name is at most 32 characters). */
const MAX_SEARCH = 64;

export interface ApiResponse {
  status: number;
  body: unknown;
}

const DEFAULT_TOP_LIMIT = 5;
const MAX_TOP_LIMIT = 50;

function error(status: number, message: string, details?: string): ApiResponse {
  return { status, body: details ? { error: message, details } : { error: message } };
}

/** Every number and text a server may not report for a player, from the player's validator. */
const UNKNOWN_PLAYER_STATS = Object.fromEntries(
  [...Object.keys(playerStatsFields), ...Object.keys(playerSeenFields)].map((key) => [key, null]),
) as {
  [K in keyof typeof playerStatsFields | keyof typeof playerSeenFields]: null;
};

/** A player as the API shows him: stats the server did not report are null, never 0. */
function publicPlayer(p: Player) {
  return p.statsUnknown ? { ...p, ...UNKNOWN_PLAYER_STATS } : p;
}

function grouped(players: Player[]) {
  const of = (team: Player["team"]) => players.filter((p) => p.team === team).map(publicPlayer);
  return {
    terrorists: of("Terrorist"),
    counterTerrorists: of("Counter-Terrorist"),
    spectators: of("Spectator"),
    offline: of("Offline"),
    /** Connected, side not reported (a plain CS2 server over RCON). */
    unknownSide: of("Unknown"),
  };
}

/** The match as the API shows it: what the server could not report is null, never a placeholder. */
function publicMatch(match: Match) {
  const unknown = new Set(match.unknown ?? []);
  // The match as it stands now (snapshotOfServer moved it along its course); the course itself
  // is the panel's own bookkeeping, not part of the documented answer.
  const { upcoming: _course, ...shown } = match;
  return {
    ...shown,
    ...(unknown.has("score") ? { scoreCT: null, scoreT: null } : {}),
    ...(unknown.has("phase") ? { roundPhase: null } : {}),
  };
}

export function serverSummary(s: ServerSnapshot) {
  return { key: s.key, name: s.name, connectAddress: s.connectAddress, online: s.online };
}

/**
 * The decoded, non-empty segments of a request path; null when a percent-escape is malformed
 * (answered 400, never a thrown "URI malformed").
 */
export function pathSegments(path: string): string[] | null {
  try {
    return path.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
}

export const MALFORMED_PATH: ApiResponse = error(400, "Malformed path");

/** `parts` are the decoded segments after `/api/servers/{key}`, e.g. `["players", "top", "kills"]`. */
export function routeServerRequest(
  s: ServerSnapshot,
  parts: string[],
  query: URLSearchParams,
): ApiResponse {
  const [head, second, third] = parts;
  if (parts.length === 0 || (head === "status" && parts.length === 1)) {
    return {
      status: 200,
      body: {
        ...serverSummary(s),
        status: s.online ? "Online" : "Offline",
        lastSuccessAt: s.lastSuccessAt ? new Date(s.lastSuccessAt).toISOString() : null,
        timestamp: new Date().toISOString(),
      },
    };
  }
  if (head === "match" && parts.length === 1) {
    return s.match ? { status: 200, body: publicMatch(s.match) } : error(404, "No data yet");
  }
  if (head === "summary" && parts.length === 1) {
    if (!s.summary) return error(404, "No data yet");
    const unknown = s.match?.unknown?.includes("totals");
    const body = unknown
      ? Object.fromEntries(Object.keys(s.summary).map((key) => [key, null]))
      : s.summary;
    return { status: 200, body };
  }
  if (head === "search" && parts.length === 1) {
    const q = query.get("q")?.trim();
    if (!q) return error(400, "Missing query parameter q");
    if (q.length > MAX_SEARCH) {
      return error(400, "Query too long", `At most ${MAX_SEARCH} characters`);
    }
    const needle = q.toLocaleLowerCase("uk");
    return {
      status: 200,
      body: s.players
        .filter((p) => p.name.toLocaleLowerCase("uk").includes(needle))
        .map(publicPlayer),
    };
  }
  if (head === "players") {
    if (parts.length === 1) return { status: 200, body: grouped(s.players) };
    if (second === "top" && parts.length === 3) return top(s.players, third!, query.get("limit"));
    if (parts.length === 2) {
      if (!isSteamId64(second!)) return error(400, "Invalid steam id", second!.slice(0, 64));
      const player = s.players.find((p) => p.steamId === second);
      return player ? { status: 200, body: publicPlayer(player) } : error(404, "Player not found");
    }
  }
  return error(404, "Not found");
}

function top(players: Player[], criterion: string, rawLimit: string | null): ApiResponse {
  if (!(TOP_CRITERIA as readonly string[]).includes(criterion)) {
    return error(400, "Unknown criterion", `Use one of: ${TOP_CRITERIA.join(", ")}`);
  }
  const asked = parseLimit(rawLimit, DEFAULT_TOP_LIMIT, MAX_TOP_LIMIT);
  if (!asked.ok) return invalidLimit(asked.details);
  const key = criterion as TopCriterion;
  // Players whose stats the server did not report cannot rank.
  const sorted = players
    .filter((p) => p.team !== "Spectator" && !p.statsUnknown)
    .sort((a, b) => b[key] - a[key]);
  return { status: 200, body: sorted.slice(0, asked.limit) };
}
