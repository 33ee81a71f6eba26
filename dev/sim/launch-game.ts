/**
 * `POST /private/launch_game`: a one-map match in the spirit of MatchZy/Get5 (research §7).
 * Mode and map go through the console; listed players move to their sides, other connected
 * humans to spectators, and bots fill what is left.
 */
import {
  GAME_MODES,
  type GameModeName,
  type WireLaunchGame,
  isSteamId64,
} from "../../convex/lib/gameApi";
import { WORKSHOP_MAPS, isKnownMap } from "./catalog";
import { type ConsoleEngine } from "./console";
import { HttpError } from "./http-kit";
import { type Side } from "./players";
import { type GameWorld } from "./world";

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
  const seen = new Set<string>();
  for (const id of [...teamA.Players, ...teamB.Players]) {
    if (seen.has(id)) {
      throw new HttpError(400, "Duplicate player", `${id} is listed more than once`);
    }
    seen.add(id);
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
      `${label}.Players must be a list of up to ${MAX_TEAM_PLAYERS} SteamID64s or nicknames`,
    );
  }
  // Players are SteamID64s or, as the panel's tournament sends them, Steam nicknames.
  for (const id of t.Players) {
    if (typeof id !== "string" || id.trim() === "" || id.length > 64) {
      throw new HttpError(
        400,
        "Invalid player",
        `${label}: ${String(id)} is not a SteamID64 or nickname`,
      );
    }
  }
  return { Side: t.Side, Players: t.Players as string[] };
}

export function launchGame(world: GameWorld, engine: ConsoleEngine, body: unknown) {
  const game = parseLaunchGame(body);
  const output = [engine.exec(`game_alias ${GAME_MODES[game.modeName].alias}`)];
  const workshopId = Object.entries(WORKSHOP_MAPS).find(([, name]) => name === game.Map)?.[0];
  output.push(
    engine.exec(
      isKnownMap(game.Map) ? `changelevel ${game.Map}` : `host_workshop_map ${workshopId}`,
    ),
  );
  const sides = new Map<string, Side>();
  for (const team of [game.TeamA, game.TeamB]) {
    for (const id of team.Players) sides.set(id, team.Side);
  }
  const missing: string[] = [];
  for (const [steamId, side] of sides) {
    const player = isSteamId64(steamId)
      ? world.find(steamId)
      : world.connected().find((p) => p.name.toLowerCase() === steamId.toLowerCase());
    if (player?.connected) world.moveTo(player, side);
    else missing.push(steamId);
  }
  const listed = (p: { steamId: string; name: string }) =>
    sides.has(p.steamId) || [...sides.keys()].some((k) => k.toLowerCase() === p.name.toLowerCase());
  for (const p of world.connected()) {
    if (!p.isBot && !listed(p)) world.moveTo(p, "SPEC");
  }
  world.fillBots();
  const placed = sides.size - missing.length;
  const message =
    `Launched ${game.modeName} on ${world.map}: ${placed} player(s) placed` +
    (missing.length > 0 ? `; not connected: ${missing.join(", ")}` : "");
  return { success: true, message, result: output.filter((line) => line !== "").join("\n") };
}
