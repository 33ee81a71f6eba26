/* A game server's answers are read up to a bound: a huge body is refused, never held whole. */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { GAME_BODY_MAX_BYTES } from "../lib/gameBounds";
import { BODY_TOO_LARGE, gameServerRequest, GameServerError } from "./request";

let server: http.Server;
let baseUrl: string;
let sent = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === "/api/huge") {
      // 6.6 MB of players, streamed without a length, as a hostile plugin could.
      res.writeHead(200, { "Content-Type": "application/json" });
      const chunk = Buffer.from(`{"name":"${"x".repeat(1000)}"},`);
      const write = () => {
        while (sent < 6_600_000) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", write);
        }
        res.end("{}]}");
      };
      res.write('{"terrorists":[');
      write();
      res.on("error", () => {});
      return;
    }
    if (req.url === "/api/declared") {
      res.writeHead(200, { "Content-Length": String(GAME_BODY_MAX_BYTES + 1) });
      res.end("x".repeat(GAME_BODY_MAX_BYTES + 1));
      return;
    }
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ ok: true, pad: "y".repeat(GAME_BODY_MAX_BYTES - 100) }));
  });
  server.on("clientError", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("a game server's answer is bounded", () => {
  const target = () => ({ connectionType: "HTTP" as const, baseUrl });

  test("a body just under the bound is read", async () => {
    await expect(gameServerRequest(target(), { path: "/fits" })).resolves.toMatchObject({
      ok: true,
    });
  });

  test("a streamed 6.6 MB body is refused once past the bound, the rest never read", async () => {
    const error = await gameServerRequest(target(), { path: "/huge" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GameServerError);
    expect((error as Error).message).toBe(BODY_TOO_LARGE);
    expect(sent).toBeLessThan(6_600_000);
  });

  test("a declared length past the bound is refused before reading", async () => {
    await expect(gameServerRequest(target(), { path: "/declared" })).rejects.toThrow(
      BODY_TOO_LARGE,
    );
  });
});
