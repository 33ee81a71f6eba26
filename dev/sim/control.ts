/**
 * Control API for tests, demo mode and benchmarks, on its own port so it stays reachable while a
 * simulated server is "offline". No auth: it binds to loopback like the rest of the simulator.
 */
import { isSteamId64 } from "../../convex/lib/steamId";
import { FaultError, type FaultController, type Faults } from "./faults";
import { HttpError, Router, type SimRequest, createJsonServer, objectBody } from "./http-kit";
import { ManagedListener } from "./listener";
import { endWarmup } from "./match";
import { type Side, toWirePlayer } from "./players";
import { type SimHandle } from "./simulator";
import { type MatchEventType } from "./world";

const MAX_ADVANCE_TICKS = 100_000;
/** Upper bound of `advance-until` when the body names none: several whole matches. */
const DEFAULT_UNTIL_TICKS = 10_000;
const UNTIL_EVENTS: readonly MatchEventType[] = [
  "live",
  "roundEnd",
  "matchOver",
  "newMatch",
  "sidesSwapped",
];
const MAX_NAME_LENGTH = 64;
const SIDES: readonly Side[] = ["T", "CT", "SPEC"];

export async function startControl(sim: SimHandle, host: string, port: number) {
  const r = new Router();
  const server = (req: SimRequest) => {
    try {
      return sim.server(req.params.id ?? "");
    } catch {
      throw new HttpError(404, "Unknown server", req.params.id);
    }
  };
  const setFaults = async (faults: FaultController, req: SimRequest) => {
    try {
      return { body: await faults.set(objectBody(req) as Partial<Faults>) };
    } catch (error) {
      if (error instanceof FaultError) throw new HttpError(400, "Invalid fault", error.message);
      throw error;
    }
  };
  const ticks = (req: SimRequest) => {
    const n = objectBody(req).ticks ?? 1;
    if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > MAX_ADVANCE_TICKS) {
      throw new HttpError(400, "Invalid ticks", `ticks must be an integer 1..${MAX_ADVANCE_TICKS}`);
    }
    return n;
  };

  r.on("GET", "/__sim", () => ({
    body: {
      servers: sim.servers.map((s) => ({
        id: s.id,
        name: s.config.name,
        apiUrl: s.apiUrl,
        httpPort: s.httpPort,
        rconPort: s.rconPort,
        online: s.online,
      })),
      proxy: { url: sim.proxyUrl, online: sim.proxy.listener.isListening },
    },
  }));
  r.on("POST", "/__sim/reset", async () => {
    await sim.reset();
    return { body: { success: true } };
  });
  r.on("POST", "/__sim/advance", async (req) => {
    sim.advance(ticks(req));
    // The MatchZy events and log lines of those ticks have been delivered (or failed) before the answer.
    await Promise.all(sim.servers.map((s) => s.settled()));
    return { body: { success: true, servers: sim.servers.map((s) => s.state()) } };
  });
  r.on("POST", "/__sim/time/skip", (req) => {
    const ms = objectBody(req).ms;
    if (typeof ms !== "number" || !(ms >= 0)) {
      throw new HttpError(400, "Invalid ms", "ms must be a number ≥ 0");
    }
    sim.skipTime(ms);
    return { body: { success: true, now: sim.clock.iso() } };
  });

  r.on("GET", "/__sim/servers/:id/state", (req) => ({ body: server(req).state() }));
  r.on("GET", "/__sim/servers/:id/faults", (req) => ({ body: server(req).faults.get() }));
  r.on("PUT", "/__sim/servers/:id/faults", (req) => setFaults(server(req).faults, req));
  r.on("POST", "/__sim/servers/:id/faults/reset", async (req) => ({
    body: await server(req).faults.reset(),
  }));
  r.on("GET", "/__sim/servers/:id/demo", (req) => ({ body: server(req).demos.state() }));
  r.on("PUT", "/__sim/servers/:id/demo", (req) => {
    try {
      return { body: server(req).demos.setOptions(objectBody(req)) };
    } catch (error) {
      throw new HttpError(400, "Invalid demo options", (error as Error).message);
    }
  });
  r.on("GET", "/__sim/servers/:id/counters", (req) => ({ body: server(req).counters.snapshot() }));
  r.on("POST", "/__sim/servers/:id/counters/reset", (req) => {
    server(req).counters.reset();
    return { body: server(req).counters.snapshot() };
  });
  r.on("POST", "/__sim/servers/:id/advance", async (req) => {
    const s = server(req);
    s.advance(ticks(req));
    await s.settled();
    return { body: s.state() };
  });
  r.on("POST", "/__sim/servers/:id/advance-until", async (req) => {
    const s = server(req);
    const body = objectBody(req);
    const event = body.event;
    // A literal union, checked before use: no lookup by the raw input.
    if (!UNTIL_EVENTS.some((e) => e === event)) {
      throw new HttpError(400, "Invalid event", `event must be one of ${UNTIL_EVENTS.join(", ")}`);
    }
    const max = body.maxTicks ?? DEFAULT_UNTIL_TICKS;
    if (typeof max !== "number" || !Number.isInteger(max) || max < 1 || max > MAX_ADVANCE_TICKS) {
      throw new HttpError(
        400,
        "Invalid maxTicks",
        `maxTicks must be an integer 1..${MAX_ADVANCE_TICKS}`,
      );
    }
    const result = s.advanceUntil(event as MatchEventType, max);
    // The MatchZy events and log lines of those ticks have been delivered (or failed) before the answer.
    await s.settled();
    return { body: { ...result, state: s.state() } };
  });
  r.on("POST", "/__sim/servers/:id/finish-map", async (req) => {
    // Ends warmup if need be, then plays ticks until the match is decided (it stays on the
    // end screen until the next tick): what match-history tests and demos need.
    const s = server(req);
    // `{"winner":"<SteamID64>"}`: that player's side wins every round of this map.
    const winner = objectBody(req).winner;
    if (winner !== undefined) {
      if (typeof winner !== "string" || !s.world.players.some((p) => p.steamId === winner)) {
        throw new HttpError(400, "Unknown player", "winner must be a connected player's SteamID64");
      }
      s.world.roundsGoTo = winner;
    }
    if (s.world.match.phase === "warmup") endWarmup(s.world);
    const result = s.advanceUntil("matchOver", MAX_ADVANCE_TICKS);
    await s.settled();
    return { body: { ...result, state: s.state() } };
  });
  r.on("POST", "/__sim/servers/:id/console", (req) => {
    const command = objectBody(req).command;
    if (typeof command !== "string") throw new HttpError(400, "Missing command");
    return { body: { success: true, result: server(req).console.exec(command) } };
  });
  r.on("POST", "/__sim/servers/:id/players", (req) => {
    const s = server(req);
    const { name, side, steamId } = playerBody(req);
    if (steamId !== undefined && s.world.find(steamId)) {
      throw new HttpError(409, "Player exists", `${steamId} is already on ${s.id}`);
    }
    const player = s.world.addPlayer(false, side ?? s.world.smallerSide(), {
      name,
      ...(steamId !== undefined ? { steamId } : {}),
    });
    // Humans take the place of bots, as when someone joins a real server.
    s.world.fillBots();
    return { status: 201, body: toWirePlayer(player, s.world.now) };
  });
  r.on("POST", "/__sim/servers/:id/restart", (req) => {
    const downtimeMs = objectBody(req).downtimeMs;
    if (downtimeMs !== undefined && (typeof downtimeMs !== "number" || downtimeMs < 0)) {
      throw new HttpError(400, "Invalid downtimeMs");
    }
    // `update: true` comes back with the next CS2 build, as after a Steam update.
    server(req).restartServices(objectBody(req).update === true ? "update" : "restart", downtimeMs);
    return { body: { success: true } };
  });

  r.on("GET", "/__sim/proxy/faults", () => ({ body: sim.proxy.faults.get() }));
  r.on("PUT", "/__sim/proxy/faults", (req) => setFaults(sim.proxy.faults, req));
  r.on("POST", "/__sim/proxy/faults/reset", async () => ({ body: await sim.proxy.faults.reset() }));
  r.on("GET", "/__sim/proxy/counters", () => ({ body: sim.proxy.counters.snapshot() }));
  r.on("POST", "/__sim/proxy/counters/reset", () => {
    sim.proxy.counters.reset();
    return { body: sim.proxy.counters.snapshot() };
  });

  const listener = new ManagedListener(createJsonServer({ router: r }), host, port);
  await listener.open();
  return {
    url: `http://${host}:${listener.boundPort}/__sim`,
    stop: () => listener.close(),
  };
}

/**
 * `{name, side?, steamId?}` of a human to connect. The name is kept exactly as sent (markup,
 * bidi overrides, zero-width characters: what hostile-name tests need), except control characters,
 * which the console's line-based output cannot show.
 */
function playerBody(req: SimRequest): { name: string; side?: Side; steamId?: string } {
  const body = objectBody(req);
  const { name, side, steamId } = body;
  if (typeof name !== "string" || name.trim() === "" || name.length > MAX_NAME_LENGTH) {
    throw new HttpError(
      400,
      "Invalid name",
      `name must be a non-blank string of at most ${MAX_NAME_LENGTH} characters`,
    );
  }
  if (/\p{Cc}/u.test(name)) {
    throw new HttpError(400, "Invalid name", "Control characters are not allowed");
  }
  // A literal union, checked before use: no lookup by the raw input.
  if (side !== undefined && !SIDES.some((s) => s === side)) {
    throw new HttpError(400, "Invalid side", `side must be one of ${SIDES.join(", ")}`);
  }
  if (steamId !== undefined && (typeof steamId !== "string" || !isSteamId64(steamId))) {
    throw new HttpError(400, "Invalid SteamID64", String(steamId));
  }
  return {
    name,
    ...(side !== undefined ? { side: side as Side } : {}),
    ...(steamId !== undefined ? { steamId } : {}),
  };
}
