/**
 * The game-server plugin's HTTP API under `/api` (docs/game-server-api.md). Public
 * reads come straight from the world; every private action runs through the console engine.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import {
  API_KEY_HEADER,
  TOP_CRITERIA,
  type TopCriterion,
  type WireBackups,
  type WireBanList,
  type WireCommandResult,
  type WirePlayer,
} from "../../convex/lib/gameApi";
import { isSteamId64 } from "../../convex/lib/steamId";
import { checkCommand } from "./command-policy";
import { type ConsoleEngine } from "./console";
import { Cvars } from "./cvars";
import {
  type Guard,
  HttpError,
  Router,
  type SimRequest,
  type SimResponse,
  objectBody,
} from "./http-kit";
import { launchGame } from "./launch-game";
import { type SimPlayer } from "./players";
import type { RoundBackups } from "./round-backups";
import { type GameWorld } from "./world";

export interface PluginContext {
  world: GameWorld;
  console: ConsoleEngine;
  apiKey: string;
  /** CS2's round backup files on this server. */
  backups: RoundBackups;
  /** Answer first, then simulate the downtime of a service restart or an update. */
  restartServices: (kind: "restart" | "update") => void;
}

const DEFAULT_TOP_LIMIT = 5;
const MAX_TOP_LIMIT = 100;
const MAX_SAY_LENGTH = 255;
const SEPARATORS = /[;\n\r\0]/;

export function pluginRouter(ctx: PluginContext): Router {
  const { world } = ctx;
  const r = new Router();
  const ok = (body: unknown): SimResponse => ({ body });
  const run = (command: string, message?: string): SimResponse => {
    const result: WireCommandResult = { success: true, result: ctx.console.exec(command) };
    if (message) result.message = message;
    return { body: result };
  };
  const guard = apiKeyGuard(ctx.apiKey);
  const priv = (method: string, path: string, handler: (req: SimRequest) => SimResponse) =>
    r.on(method, `/api/private${path}`, handler, guard);

  r.on("GET", "/api/status", () => ok(world.wireStatus()));
  r.on("GET", "/api/match", () => ok(world.wireMatch()));
  r.on("GET", "/api/summary", () => ok(world.wireSummary()));
  r.on("GET", "/api/players", () => ok(world.wirePlayers()));
  r.on("GET", "/api/players/top/:criterion", (req) => ok(top(world, req)));
  r.on("GET", "/api/players/:steamId", (req) => {
    const steamId = validSteamId(req.params.steamId);
    const player = world.allWirePlayers().find((p) => p.steamId === steamId);
    if (!player) {
      throw new HttpError(404, "Player not found", `No player with SteamID64 ${steamId}`);
    }
    return ok(player);
  });
  r.on("GET", "/api/search", (req) => {
    const q = req.query.get("q")?.trim();
    if (!q) throw new HttpError(400, "Missing query", "Query parameter 'q' is required");
    const needle = q.toLowerCase();
    return ok(world.allWirePlayers().filter((p) => p.name.toLowerCase().includes(needle)));
  });

  priv("GET", "/banlist", () => ok({ result: world.bans.list() } satisfies WireBanList));
  priv("POST", "/players/:steamId/kick", (req) => {
    const player = connectedPlayer(world, req.params.steamId);
    return run(`kickid ${player.userId} Kicked by admin`);
  });
  priv("POST", "/players/:steamId/ban", (req) => {
    const steamId = validSteamId(req.params.steamId);
    const body = objectBody(req);
    const duration = parseDuration(body.duration);
    const reason = optionalText("reason", body.reason, 200);
    return run(`css_addban ${steamId} ${duration}${reason ? ` "${reason}"` : ""}`);
  });
  priv("POST", "/players/:steamId/slay", (req) => {
    const player = connectedPlayer(world, req.params.steamId);
    return run(`css_slay #${player.userId}`);
  });
  priv("POST", "/unban", (req) => {
    const raw = objectBody(req).steamId;
    if (raw === undefined || raw === null || raw === "") {
      throw new HttpError(400, "Missing steamId", "Body field 'steamId' is required");
    }
    const steamId = validSteamId(String(raw));
    if (!world.bans.isBanned(steamId)) {
      throw new HttpError(404, "Ban not found", `${steamId} is not banned`);
    }
    return run(`css_unban ${steamId}`);
  });
  priv("POST", "/command", (req) => {
    const check = checkCommand(objectBody(req).command);
    if (!check.ok) throw new HttpError(check.status, check.error, check.details);
    return run(check.command);
  });
  priv("POST", "/say", (req) => {
    const message = optionalText("message", objectBody(req).message, MAX_SAY_LENGTH);
    if (!message) throw new HttpError(400, "Missing message", "Body field 'message' is required");
    return run(`say ${message}`);
  });
  priv("PUT", "/cvar", (req) => {
    const body = objectBody(req);
    if (
      body.cvar === undefined ||
      body.cvar === null ||
      body.value === undefined ||
      body.value === null
    ) {
      throw new HttpError(
        400,
        "Missing cvar or value",
        "Body fields 'cvar' and 'value' are required",
      );
    }
    const cvar = String(body.cvar);
    const value = typeof body.value === "boolean" ? (body.value ? "1" : "0") : String(body.value);
    if (!/^[a-z_][a-z0-9_]{0,63}$/i.test(cvar)) throw new HttpError(400, "Invalid cvar", cvar);
    if (SEPARATORS.test(value) || value.includes('"')) {
      throw new HttpError(400, "Invalid value", "Separators and quotes are not allowed");
    }
    const check = checkCommand(`${cvar} "${value}"`);
    if (!check.ok) throw new HttpError(check.status, check.error, check.details);
    if (!Cvars.isCvar(cvar)) throw new HttpError(400, "Unknown cvar", cvar);
    ctx.console.exec(check.command);
    return ok({ success: true, result: world.cvars.describe(cvar) } satisfies WireCommandResult);
  });
  priv("POST", "/map/restart", () => run("mp_restartgame 1", "Match restarted"));
  priv("POST", "/map/warmup/skip", () => run("mp_warmup_end", "Warmup ended"));
  priv("POST", "/restart", () => run("css_panel_reset_stats", "Stats reset"));
  priv("POST", "/_restart", () => ({
    body: { success: true, message: "Services restarting" } satisfies WireCommandResult,
    after: () => ctx.restartServices("restart"),
  }));
  priv("POST", "/server/update", () => ({
    body: { success: true, message: "Server update started" } satisfies WireCommandResult,
    after: () => ctx.restartServices("update"),
  }));
  priv("GET", "/backups", () =>
    ok({
      auto: world.cvars.bool("mp_backup_round_auto"),
      files: ctx.backups.list().map((b) => ({
        file: b.file,
        round: b.round,
        scoreCT: b.scoreCT,
        scoreT: b.scoreT,
        map: b.map,
        writtenAt: new Date(b.at).toISOString(),
      })),
    } satisfies WireBackups),
  );
  priv("POST", "/backups/restore", (req) => {
    const file = objectBody(req).file;
    if (typeof file !== "string" || !/^[\w.-]{1,128}$/.test(file)) {
      throw new HttpError(400, "Invalid file", "Body field 'file' must be a backup file name");
    }
    const restored = ctx.backups.restore(file);
    if (!restored.ok) throw new HttpError(404, "Backup not restored", restored.text);
    return ok({ success: true, result: restored.text } satisfies WireCommandResult);
  });
  priv("POST", "/launch_game", (req) => ok(launchGame(world, ctx.console, req.body)));
  return r;
}

function apiKeyGuard(apiKey: string): Guard {
  const expected = createHash("sha256").update(apiKey).digest();
  return (header) => {
    const given = header(API_KEY_HEADER);
    // Compare digests so the check takes the same time whatever the key's length or prefix.
    const digest = createHash("sha256")
      .update(given ?? "")
      .digest();
    if (given === undefined || !timingSafeEqual(digest, expected)) {
      throw new HttpError(401, "Unauthorized");
    }
  };
}

function validSteamId(value: string | undefined): string {
  if (!value || !isSteamId64(value)) {
    throw new HttpError(400, "Invalid SteamID64", `"${value ?? ""}" is not a SteamID64`);
  }
  return value;
}

function connectedPlayer(world: GameWorld, raw: string | undefined): SimPlayer {
  const steamId = validSteamId(raw);
  const player = world.find(steamId);
  if (!player?.connected) {
    throw new HttpError(404, "Player not found", `${steamId} is not connected`);
  }
  return player;
}

function parseDuration(value: unknown): number {
  if (value === undefined || value === null || value === "") {
    throw new HttpError(
      400,
      "Missing duration",
      "Body field 'duration' (minutes, 0 = permanent) is required",
    );
  }
  const text = String(value);
  if (!/^\d{1,7}$/.test(text)) {
    throw new HttpError(400, "Invalid duration", "duration must be a whole number of minutes ≥ 0");
  }
  return Number(text);
}

function optionalText(field: string, value: unknown, max: number): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") {
    throw new HttpError(400, `Invalid ${field}`, `${field} must be a string`);
  }
  if (SEPARATORS.test(value)) {
    throw new HttpError(400, `Invalid ${field}`, "Separators are not allowed");
  }
  if (value.length > max) {
    throw new HttpError(400, `Invalid ${field}`, `Longer than ${max} characters`);
  }
  return value.replaceAll('"', "'").trim() || undefined;
}

function top(world: GameWorld, req: SimRequest): WirePlayer[] {
  const criterion = req.params.criterion ?? "";
  if (!(TOP_CRITERIA as readonly string[]).includes(criterion)) {
    throw new HttpError(400, "Invalid criterion", `Use one of: ${TOP_CRITERIA.join(", ")}`);
  }
  const rawLimit = req.query.get("limit");
  let limit = DEFAULT_TOP_LIMIT;
  if (rawLimit !== null) {
    if (!/^\d+$/.test(rawLimit) || Number(rawLimit) < 1) {
      throw new HttpError(400, "Invalid limit", "limit must be a positive integer");
    }
    limit = Math.min(Number(rawLimit), MAX_TOP_LIMIT);
  }
  const key = criterion as TopCriterion;
  return world
    .allWirePlayers()
    .sort((a, b) => b[key] - a[key])
    .slice(0, limit);
}
