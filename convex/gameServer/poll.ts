import type { PollResult } from "../lib/validators";
import { normalizeHealth } from "./health";
import {
  normalizeLastMap,
  normalizeMatch,
  normalizePlayers,
  normalizeSummary,
  normalizeTvPort,
} from "./normalize";
import {
  failureTextRef,
  GameServerError,
  gameServerRequest,
  type GameServerTarget,
} from "./request";

/**
 * One poll: match + summary always, players when due; all in parallel, any failure = offline. A
 * poll that finds the round over fetches the players too, so the end of a round and its final
 * numbers on the board reach viewers in one write rather than two a poll apart.
 */
export async function pollGameServer(
  target: GameServerTarget,
  withPlayers: boolean,
): Promise<PollResult> {
  try {
    const [[match, tvPort, health, lastMap], summary, due] = await Promise.all([
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
      withPlayers ? playersOf(target) : undefined,
    ]);
    const players = due ?? (match.roundPhase === "over" ? await playersOf(target) : undefined);
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
    const errorText = failureTextRef(error);
    return {
      ok: false,
      error: error instanceof Error ? error.message : String(error),
      ...(errorText ? { errorText } : {}),
      ...(timedOut ? { timedOut } : {}),
    };
  }
}

const playersOf = (target: GameServerTarget) =>
  gameServerRequest(target, { path: "/players" }).then(normalizePlayers);
