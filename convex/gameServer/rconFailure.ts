/**
 * How a failed direct-RCON call reads for an admin: a text of texts/gameServer.ts with its key.
 * Pure (no Node), so the default runtime shows the same texts the Node action produced.
 */
import { ownValue } from "../lib/ownKey";
import { GAME_SERVER_TEXTS, type GameServerTextKey } from "../lib/texts/gameServer";
import { wordedIn, type Worded } from "../lib/wording";
import type { RconErrorCode } from "./rconClient";

export const RCON_AUTH_REFUSED = GAME_SERVER_TEXTS["refusal.gameServer.rconAuthRefused"];

export const RCON_AUTH_STOPPED = GAME_SERVER_TEXTS["refusal.gameServer.rconAuthStopped"];

/** The connection errors the panel names itself; any other is said as the system said it. */
const CONNECT_REASONS: Record<string, GameServerTextKey> = {
  ECONNREFUSED: "refusal.gameServer.rconConnectRefused",
  EHOSTUNREACH: "refusal.gameServer.rconConnectHostUnreachable",
  ENETUNREACH: "refusal.gameServer.rconConnectNetUnreachable",
  ENOTFOUND: "refusal.gameServer.rconConnectNotFound",
  EAI_AGAIN: "refusal.gameServer.rconConnectNotFound",
  ECONNRESET: "refusal.gameServer.rconConnectReset",
};

const text = (key: GameServerTextKey, params: Record<string, string | number>) =>
  wordedIn(GAME_SERVER_TEXTS, key, params);

/** Why a direct-RCON call failed (any failure but a refused password), with its key. */
export function rconFailure(
  code: Exclude<RconErrorCode, "AUTH">,
  message: string,
  duringAuth: boolean,
  where: string,
): Worded {
  switch (code) {
    case "CONNECT": {
      const errno = /^([A-Z_]+):/.exec(message)?.[1] ?? "";
      const known = ownValue(CONNECT_REASONS, errno);
      return known
        ? text(known, { where })
        : text("refusal.gameServer.rconConnect", { where, reason: message });
    }
    case "TIMEOUT":
      return text("refusal.gameServer.rconTimeout", { where });
    case "CLOSED":
      return text(
        duringAuth ? "refusal.gameServer.rconClosedDuringAuth" : "refusal.gameServer.rconClosed",
        { where },
      );
    case "TOO_LARGE":
      return text("refusal.gameServer.rconTooLarge", { where });
    case "PROTOCOL":
      return text("refusal.gameServer.rconProtocol", { where });
  }
}

/** `rconFailure`'s Ukrainian text. */
export function rconFailureText(
  code: Exclude<RconErrorCode, "AUTH">,
  message: string,
  duringAuth: boolean,
  where: string,
): string {
  return rconFailure(code, message, duringAuth, where).message;
}

/** A level change taken and never answered: not reported as done, and no map is assumed. */
export function levelChangeUnanswered(where: string, timeoutMs: number): Worded {
  return text("refusal.gameServer.levelChangeUnanswered", {
    where,
    seconds: Math.round(timeoutMs / 1000),
  });
}

/** `levelChangeUnanswered`'s Ukrainian text. */
export function levelChangeUnansweredText(where: string, timeoutMs: number): string {
  return levelChangeUnanswered(where, timeoutMs).message;
}
