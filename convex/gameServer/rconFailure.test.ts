import { describe, expect, it } from "vitest";
import enRefusals from "../../src/i18n/en/refusals";
import { RedirectRefusedError } from "../lib/outbound";
import { GAME_SERVER_TEXTS } from "../lib/texts/gameServer";
import { levelChangeUnanswered, rconFailure, RCON_AUTH_STOPPED } from "./rconFailure";
import { GameServerError, proxyError } from "./request";

describe("game-server failure texts", () => {
  it("direct RCON: a known cause is a key of its own, an unknown one a parameter", () => {
    expect(rconFailure("CONNECT", "ECONNREFUSED: x", false, "1.2.3.4:27015")).toEqual({
      key: "refusal.gameServer.rconConnectRefused",
      params: { where: "1.2.3.4:27015" },
      message: "RCON недоступний: не вдалося з'єднатися з 1.2.3.4:27015 (з'єднання відхилено).",
    });
    expect(rconFailure("CONNECT", "weird", false, "h:1")).toMatchObject({
      key: "refusal.gameServer.rconConnect",
      params: { where: "h:1", reason: "weird" },
      message: "RCON недоступний: не вдалося з'єднатися з h:1 (weird).",
    });
    expect(rconFailure("CLOSED", "", true, "h:1").key).toBe(
      "refusal.gameServer.rconClosedDuringAuth",
    );
    expect(levelChangeUnanswered("h:1", 4_000)).toMatchObject({ params: { seconds: 4 } });
    expect(RCON_AUTH_STOPPED).toBe(GAME_SERVER_TEXTS["refusal.gameServer.rconAuthStopped"]);
  });

  it("the RCON proxy's answers and the panel's own faults carry their keys", () => {
    expect(proxyError(502, { details: "connect ECONNREFUSED" })).toEqual({
      key: "refusal.gameServer.proxyUnreachableRefused",
      message: "RCON-проксі не дістався до сервера гри: з'єднання відхилено",
    });
    expect(proxyError(500, {})).toMatchObject({ params: { status: 500 } });
    const error = new GameServerError(proxyError(504, {}), 504);
    expect(error.message).toBe("RCON-проксі: сервер гри не відповів вчасно");
    expect(error.worded?.key).toBe("refusal.gameServer.proxyTimeout");
    expect(new GameServerError("API Error 500: x", 500).worded).toBeUndefined();
    expect(new RedirectRefusedError(302).worded).toMatchObject({
      key: "refusal.gameServer.redirectRefused",
      message: "перенаправлення (302) не виконується",
    });
  });

  it("every text has its English", () => {
    for (const key of Object.keys(GAME_SERVER_TEXTS)) {
      expect(enRefusals[key as keyof typeof enRefusals], key).toBeTruthy();
    }
  });
});
