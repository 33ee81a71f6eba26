/**
 * No outbound call follows a redirect: a Steam API, OpenID, Discord or game-server answer of 3xx
 * pointing at a loopback "internal" service is a failure, and that service never sees the request
 * (nor the key, secret or user-influenced path it carried).
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { GameServerError, gameServerRequest } from "./gameServer/request";
import { postOnce } from "./model/notifications/delivery";
import { confirmWithProvider, steamPersonaName } from "./model/steam/openId";
import { resolveSteamId, VANITY_MESSAGES } from "./model/steam/vanity";

let internal: Server;
let redirector: Server;
const reached: { url: string; headers: IncomingHttpHeaders }[] = [];
let internalUrl = "";
let redirectorUrl = "";

const listen = async (server: Server) => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  // What a redirect would reach: a service on loopback that answers everything with success.
  internal = createServer((req, res) => {
    reached.push({ url: req.url ?? "", headers: req.headers });
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({ response: { success: 1, steamid: "76561197960287930", players: [] } }),
    );
  });
  internalUrl = await listen(internal);
  redirector = createServer((req, res) => {
    res.writeHead(302, { location: `${internalUrl}/stolen${req.url ?? ""}` });
    res.end();
  });
  redirectorUrl = await listen(redirector);
});
afterAll(async () => {
  delete process.env.STEAM_WEB_API_KEY;
  delete process.env.STEAM_WEB_API_BASE;
  await new Promise((r) => internal.close(r));
  await new Promise((r) => redirector.close(r));
});

describe("a redirect is never followed", () => {
  test("the vanity-URL resolver", async () => {
    process.env.STEAM_WEB_API_KEY = "k1";
    process.env.STEAM_WEB_API_BASE = redirectorUrl;
    await expect(resolveSteamId("steamcommunity.com/id/gaben")).rejects.toMatchObject({
      data: { code: "GAME_SERVER", message: VANITY_MESSAGES.unavailable },
    });
    expect(await steamPersonaName("76561197960287930")).toBeNull();
    expect(reached).toEqual([]);
  });

  test("Steam OpenID's check_authentication", async () => {
    expect(await confirmWithProvider(redirectorUrl, { "openid.ns": "x" })).toBe("unavailable");
    expect(reached).toEqual([]);
  });

  test("a Discord webhook delivery (a permanent failure, not retried)", async () => {
    expect(await postOnce(`${redirectorUrl}/api/webhooks/1/t`, { content: "x" })).toMatchObject({
      state: "failed",
      httpStatus: 302,
    });
    expect(reached).toEqual([]);
  });

  test("a game server's API, which would carry the API key along", async () => {
    const target = {
      connectionType: "HTTP" as const,
      baseUrl: redirectorUrl,
      apiKey: "SECRET-API-KEY",
    };
    const call = gameServerRequest(target, { path: "/private/banlist", isPrivate: true });
    await expect(call).rejects.toBeInstanceOf(GameServerError);
    await expect(call).rejects.toThrow(/перенаправлен/);
    expect(reached).toEqual([]);
  });
});
