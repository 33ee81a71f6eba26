import type { PollResult } from "../lib/validators";
import { normalizeHealth } from "./health";
import {
  normalizeLastMap,
  normalizeMatch,
  normalizePlayers,
  normalizeSummary,
  normalizeTvPort,
} from "./normalize";
import { GameServerError, gameServerRequest, type GameServerTarget } from "./request";

/** One poll: match + summary always, players when due; all in parallel, any failure = offline. */
export async function pollGameServer(
  target: GameServerTarget,
  withPlayers: boolean,
): Promise<PollResult> {
  try {
    const [[match, tvPort, health, lastMap], summary, players] = await Promise.all([
      gameServerRequest(target, { path: "/match" }).then(
        (raw) =>
          [
            normalizeMatch(raw),
            normalizeTvPort(raw),
            normalizeHealth(raw),
            normalizeLastMap(raw),
          ] as const,
      ),
      gameServerRequest(target, { path: "/summary" }).then(normalizeSummary),
      withPlayers
        ? gameServerRequest(target, { path: "/players" }).then(normalizePlayers)
        : undefined,
    ]);
    return {
      ok: true,
      match,
      summary,
      ...(players ? { players } : {}),
      ...(tvPort !== undefined ? { tvPort } : {}),
      ...(health ? { health } : {}),
      ...(lastMap !== undefined ? { lastMap } : {}),
    };
  } catch (error) {
    const timedOut = error instanceof GameServerError && error.timedOut;
    return {
      ok: false,
      error: error instanceof Error ? error.message : String(error),
      ...(timedOut ? { timedOut } : {}),
    };
  }
}
