/* Timeouts and network errors are told apart the same way in Node and in Convex's runtime. */
import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { describeError, FetchTimeoutError, isConnectionRefused, timedFetch } from "./timedFetch";

let silent: net.Server;
let silentUrl: string;
const held = new Set<net.Socket>();

beforeAll(async () => {
  silent = net.createServer((socket) => {
    held.add(socket);
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}/`;
});
afterAll(async () => {
  for (const s of held) s.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const text = (r: Response) => r.text();

describe("timedFetch", () => {
  test("a server that never answers is a timeout (Node)", async () => {
    await expect(timedFetch(silentUrl, {}, 200, text)).rejects.toBeInstanceOf(FetchTimeoutError);
  });

  test("an abort that rejects with a plain AbortError, as Convex's runtime does, is a timeout", async () => {
    vi.stubGlobal("fetch", (_url: string, init: RequestInit) => {
      return new Promise((_resolve, reject) => {
        init.signal!.addEventListener("abort", () =>
          reject(new DOMException("The operation was aborted.", "AbortError")),
        );
      });
    });
    await expect(timedFetch("http://example.invalid/", {}, 50, text)).rejects.toBeInstanceOf(
      FetchTimeoutError,
    );
  });

  test("a refused connection is a network error, with or without Node's cause.code", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const p = (probe.address() as net.AddressInfo).port;
        probe.close(() => resolve(p));
      });
    });
    const error = await timedFetch(`http://127.0.0.1:${port}/`, {}, 2_000, text).catch(
      (e: unknown) => e,
    );
    expect(error).not.toBeInstanceOf(FetchTimeoutError);
    expect(isConnectionRefused(error)).toBe(true);
    // Convex's runtime: a TypeError whose message says it, no cause.
    const convexStyle = new TypeError(
      "error sending request for url (http://10.0.0.1/): Connection refused (os error 111)",
    );
    expect(isConnectionRefused(convexStyle)).toBe(true);
    expect(describeError(convexStyle)).toContain("Connection refused");
  });
});
