/**
 * `POST /private/launch_game`: a one-map match in the spirit of MatchZy/Get5 (`matchzy_loadmatch`).
 * Mode and map go through the console; listed players move to their sides, other connected
 * humans to spectators, and bots fill what is left.
 *
 * Players are listed by Steam nickname, as the panel's tournament sends them, and matched by
 * nickname only (case-insensitive). Never by a SteamID64 written as a nickname: a nickname may look
 * like one, and a tournament entry equal to someone's id must not move that player. A team with
 * `SteamIds` (a roster bound to Steam accounts) is matched by those ids instead.
 */
import {
  GAME_MODES,
  type GameModeName,
  type WireCommandResult,
  type WireLaunchGame,
} from "../../convex/lib/gameApi";
import { isSteamId64 } from "../../convex/lib/steamId";
import { WORKSHOP_MAPS, isKnownMap } from "./catalog";
import { type ConsoleEngine } from "./console";
import { HttpError } from "./http-kit";
import { type SimPlayer } from "./players";
import { type GameWorld } from "./world";

/** The launch answer: a `WireCommandResult` plus who was placed and who was not connected. */
export interface LaunchGameAnswer extends WireCommandResult {
  success: true;
  message: string;
  result: string;
  /** Listed nicknames (as sent) that matched a connected human and were moved to their side. */
  placed: string[];
  /** Listed nicknames (as sent) that matched no connected human. */
  notConnected: string[];
}

const MAX_TEAM_PLAYERS = 5;

export function parseLaunchGame(body: unknown): WireLaunchGame & { modeName: GameModeName } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new HttpError(400, "Invalid launch_game body", "Expected {Mode, Map, TeamA, TeamB}");
  }
  const b = body as Record<string, unknown>;
  const modeName = resolveMode(b.Mode);
  if (typeof b.Map !== "string" || !isLaunchableMap(b.Map)) {
    throw new HttpError(400, "Unknown map", `Unknown map: ${String(b.Map)}`);
  }
  const teamA = parseTeam("TeamA", b.TeamA);
  const teamB = parseTeam("TeamB", b.TeamB);
  if (teamA.Side === teamB.Side) {
    throw new HttpError(
      400,
      "Invalid sides",
      "TeamA and TeamB must take opposite sides (CT and T)",
    );
  }
  // Matching ignores case, so `Neo` and `neo` are the same participant.
  const seen = new Set<string>();
  for (const nickname of [...teamA.Players, ...teamB.Players]) {
    const key = nickname.toLowerCase();
    if (seen.has(key)) {
      throw new HttpError(400, "Duplicate player", `${nickname} is listed more than once`);
    }
    seen.add(key);
  }
  return { Mode: String(b.Mode), Map: b.Map, TeamA: teamA, TeamB: teamB, modeName };
}

function resolveMode(mode: unknown): GameModeName {
  const text = typeof mode === "string" ? mode.toLowerCase() : "";
  const entry = Object.entries(GAME_MODES).find(([name, m]) => name === text || m.alias === text);
  if (!entry) throw new HttpError(400, "Unknown game mode", `Unknown game mode: ${String(mode)}`);
  return entry[0] as GameModeName;
}

function isLaunchableMap(map: string): boolean {
  return isKnownMap(map) || Object.values(WORKSHOP_MAPS).includes(map);
}

function parseTeam(label: string, team: unknown): WireLaunchGame["TeamA"] {
  if (typeof team !== "object" || team === null) {
    throw new HttpError(400, "Invalid team", `${label} must be {Side, Players}`);
  }
  const t = team as Record<string, unknown>;
  if (t.Side !== "CT" && t.Side !== "T") {
    throw new HttpError(400, "Invalid sides", `${label}.Side must be "CT" or "T"`);
  }
  if (!Array.isArray(t.Players) || t.Players.length > MAX_TEAM_PLAYERS) {
    throw new HttpError(
      400,
      "Invalid team",
      `${label}.Players must be a list of up to ${MAX_TEAM_PLAYERS} Steam nicknames`,
    );
  }
  for (const nickname of t.Players) {
    if (typeof nickname !== "string" || nickname.trim() === "" || nickname.length > 64) {
      throw new HttpError(
        400,
        "Invalid player",
        `${label}: ${String(nickname)} is not a Steam nickname`,
      );
    }
  }
  const steamIds = t.SteamIds;
  if (steamIds !== undefined) {
    const valid =
      Array.isArray(steamIds) &&
      steamIds.length === t.Players.length &&
      steamIds.every((id) => typeof id === "string" && isSteamId64(id));
    if (!valid) {
      throw new HttpError(
        400,
        "Invalid team",
        `${label}.SteamIds must list one SteamID64 per player, in the same order`,
      );
    }
  }
  const name = typeof t.Name === "string" ? t.Name.slice(0, 64) : undefined;
  return {
    Side: t.Side,
    Players: t.Players as string[],
    ...(name !== undefined ? { Name: name } : {}),
    ...(steamIds !== undefined ? { SteamIds: steamIds as string[] } : {}),
  };
}

export function launchGame(
  world: GameWorld,
  engine: ConsoleEngine,
  body: unknown,
): LaunchGameAnswer {
  const game = parseLaunchGame(body);
  // modeName is one of GAME_MODES' own keys (resolveMode searched its entries).
  const output = [engine.exec(`game_alias ${GAME_MODES[game.modeName].alias}`)];
  const workshopId = Object.entries(WORKSHOP_MAPS).find(([, name]) => name === game.Map)?.[0];
  output.push(
    engine.exec(
      isKnownMap(game.Map) ? `changelevel ${game.Map}` : `host_workshop_map ${workshopId}`,
    ),
  );
  // The match starts with team 1 on CT: its name is mp_teamname_1, as a match config sets it.
  const [first, second] =
    game.TeamA.Side === "T" ? [game.TeamB, game.TeamA] : [game.TeamA, game.TeamB];
  world.cvars.set("mp_teamname_1", first.Name ?? "");
  world.cvars.set("mp_teamname_2", second.Name ?? "");
  const placed: string[] = [];
  const notConnected: string[] = [];
  const seated = new Set<SimPlayer>();
  for (const team of [game.TeamA, game.TeamB]) {
    for (const [i, nickname] of team.Players.entries()) {
      // A roster by SteamID (the match config MatchZy holds) places exactly that account.
      const steamId = team.SteamIds?.[i];
      const player =
        steamId !== undefined
          ? world.connected().find((p) => !p.isBot && !seated.has(p) && p.steamId === steamId)
          : findByNickname(world, nickname, seated);
      if (!player) {
        notConnected.push(nickname);
        continue;
      }
      world.moveTo(player, team.Side);
      seated.add(player);
      placed.push(nickname);
    }
  }
  for (const p of world.connected()) {
    if (!p.isBot && !seated.has(p)) world.moveTo(p, "SPEC");
  }
  world.fillBots();
  const message =
    `Launched ${game.modeName} on ${world.map}: ${placed.length} player(s) placed` +
    (notConnected.length > 0 ? `; not connected: ${notConnected.join(", ")}` : "");
  return {
    success: true,
    message,
    result: output.filter((line) => line !== "").join("\n"),
    placed,
    notConnected,
  };
}

/**
 * The connected human whose name equals `nickname` ignoring case, and who has no seat yet. Only
 * the name counts: an entry that happens to be someone's SteamID64 matches nobody by that id.
 */
function findByNickname(
  world: GameWorld,
  nickname: string,
  seated: ReadonlySet<SimPlayer>,
): SimPlayer | undefined {
  const wanted = nickname.toLowerCase();
  return world
    .connected()
    .find((p) => !p.isBot && !seated.has(p) && p.name.toLowerCase() === wanted);
}
