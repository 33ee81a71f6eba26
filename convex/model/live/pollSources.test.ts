import { createServer } from "node:net";
import { describe, expect, test } from "vitest";
import type { ActionCtx } from "../../_generated/server";
import type { GameServerTarget } from "../../lib/validators";
import { pollServer } from "./pollSources";

describe("pollServer", () => {
  test("a server that refuses the connection is reported with the failure's key", async () => {
    const port = await closedPort();
    const target = {
      baseUrl: `http://127.0.0.1:${port}`,
      connectionType: "HTTP",
    } as GameServerTarget;
    expect(await pollServer({} as ActionCtx, target, false)).toEqual({
      ok: false,
      error: "Сервер недоступний: з'єднання відхилено",
      errorText: { key: "refusal.gameServer.unreachableRefused" },
    });
  });

  test("a password the server refused before stops the poll, with its key", async () => {
    const target = { connectionType: "RCON", rconAuthFailed: true } as GameServerTarget;
    expect(await pollServer({} as ActionCtx, target, false)).toMatchObject({
      ok: false,
      errorText: { key: "refusal.gameServer.rconAuthStopped" },
      authFailed: true,
    });
  });
});

/** A local port nothing listens on any more. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
