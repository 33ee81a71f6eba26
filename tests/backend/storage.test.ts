/* Convex file storage in the in-memory backend: upload URLs that expire, `_storage`, URLs, delete. */
import { createHash } from "node:crypto";
import http from "node:http";
import net from "node:net";
import { anyApi } from "convex/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BackendHandle } from "../../dev/backend/server";
import { UPLOAD_URL_TTL_MS } from "../../dev/backend/storage";
import { client, startFixture } from "./helpers";

let backend: BackendHandle;
let c: ReturnType<typeof client>;
const api = anyApi;

type StoredFile = { id: string; size: number; sha256: string; contentType: string | null };

beforeAll(async () => {
  ({ backend } = await startFixture({ crons: false }));
  c = client(backend);
});
afterAll(async () => {
  await c.close();
  await backend.stop();
});

const files = () => c.query(api.files!.files!, {}) as Promise<StoredFile[]>;
const uploadUrl = () => c.mutation(api.files!.uploadUrl!, {}) as Promise<string>;

/** Deterministic bytes of a given size. */
function bytes(size: number, seed = 7): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  let x = seed;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

describe("upload URLs", () => {
  test("a POST stores the bytes as a _storage row with size, sha256 and content type", async () => {
    const url = await uploadUrl();
    expect(url).toMatch(new RegExp(`^${backend.url}/api/storage/upload\\?token=`));
    const body = bytes(100_000);
    const res = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/octet-stream" },
      body,
    });
    expect(res.status).toBe(200);
    const { storageId } = (await res.json()) as { storageId: string };
    const row = (await files()).find((f) => f.id === storageId);
    expect(row).toEqual({
      id: storageId,
      size: 100_000,
      sha256: createHash("sha256").update(body).digest("base64"),
      contentType: "application/octet-stream",
    });
  });

  test("an expired upload URL is refused and stores nothing", async () => {
    const url = await uploadUrl();
    const before = (await files()).length;
    const realNow = backend.storage.now;
    backend.storage.now = () => realNow() + UPLOAD_URL_TTL_MS + 1;
    try {
      const res = await fetch(url, { method: "POST", body: bytes(10) });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe("StorageTokenExpired");
    } finally {
      backend.storage.now = realNow;
    }
    expect((await files()).length).toBe(before);
    const forged = await fetch(`${backend.url}/api/storage/upload?token=nope`, {
      method: "POST",
      body: bytes(10),
    });
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { code: string }).code).toBe("StorageTokenInvalid");
  });

  test("an upload URL is not spent by use: a second upload within its hour is stored too", async () => {
    const url = await uploadUrl();
    const first = await fetch(url, { method: "POST", body: bytes(10, 1) });
    const second = await fetch(url, { method: "POST", body: bytes(20, 2) });
    expect([first.status, second.status]).toEqual([200, 200]);
    const ids = [first, second].map(
      async (r) => ((await r.json()) as { storageId: string }).storageId,
    );
    const [a, b] = await Promise.all(ids);
    expect(a).not.toBe(b);
  });

  test("an upload cut off before its end stores nothing", async () => {
    const target = new URL(await uploadUrl());
    const before = (await files()).length;
    await new Promise<void>((resolve) => {
      const req = http.request(target, {
        method: "POST",
        headers: { "Content-Length": "1000000" },
      });
      req.on("error", () => resolve());
      req.write(Buffer.from(bytes(1000)));
      setTimeout(() => req.destroy(), 50);
      req.on("close", () => resolve());
    });
    // The server saw the connection close mid-body: give it a moment, then nothing is stored.
    await new Promise((r) => setTimeout(r, 100));
    expect((await files()).length).toBe(before);
  });
});

describe("file URLs and delete", () => {
  test("getUrl serves the file (ranges too) until it is deleted; then null and 404", async () => {
    const res = await fetch(await uploadUrl(), {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "hello demo bytes",
    });
    const { storageId } = (await res.json()) as { storageId: string };
    const url = (await c.query(api.files!.url!, { id: storageId })) as string;
    expect(url).toBe(`${backend.url}/api/storage/${storageId}`);
    const whole = await fetch(url);
    expect(whole.headers.get("content-type")).toBe("text/plain");
    expect(whole.headers.get("content-length")).toBe("16");
    expect(await whole.text()).toBe("hello demo bytes");
    const part = await fetch(url, { headers: { Range: "bytes=0-4" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 0-4/16");
    expect(await part.text()).toBe("hello");

    await c.mutation(api.files!.remove!, { id: storageId });
    expect(await c.query(api.files!.url!, { id: storageId })).toBeNull();
    expect((await fetch(url)).status).toBe(404);
    expect((await files()).some((f) => f.id === storageId)).toBe(false);
  });

  test("an action stores and reads a blob", async () => {
    const out = (await c.action(api.files!.storeAndRead!, { text: "from an action" })) as {
      id: string;
      back: string;
    };
    expect(out.back).toBe("from an action");
    expect((await files()).find((f) => f.id === out.id)?.size).toBe(14);
  });
});

describe("HTTP actions and large bodies", () => {
  // fetch detaches a typed array it sends: a fresh copy per request.
  const big = () => bytes(25 * 1024 * 1024, 3);

  test("a body over 20 MiB cannot be read by an HTTP action", async () => {
    const res = await fetch(`${backend.siteUrl}/read-body`, { method: "POST", body: big() });
    expect(res.status).toBe(500);
    expect(await res.text()).toMatch(/20 MiB/);
    const small = await fetch(`${backend.siteUrl}/read-body`, {
      method: "POST",
      body: bytes(1024),
    });
    expect(await small.text()).toBe("1024");
  });

  test("a body left unread is not drained: a 307 cannot carry it, .NET's send fails", async () => {
    const stored = (await files()).length;
    // A demo's size: far more than the connection's buffers hold.
    const body = Buffer.alloc(80 * 1024 * 1024, 7);
    // As .NET's HttpClient: the whole body is written before the answer is taken, so the send
    // fails when the server closes the connection (each write waits until the kernel took it).
    const target = new URL(`${backend.siteUrl}/upload-redirect`);
    const outcome = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(target.port), target.hostname);
      let answer = "";
      socket.on("data", (d: Buffer) => (answer += d.toString("latin1")));
      socket.on("error", (error: NodeJS.ErrnoException) =>
        resolve(`failed ${error.code}, answer ${answer.split("\r\n")[0]}`),
      );
      socket.on("connect", async () => {
        const write = (chunk: Buffer | string) =>
          new Promise<void>((ok, ko) => socket.write(chunk, (e) => (e ? ko(e) : ok())));
        try {
          await write(
            `POST ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\n` +
              `Content-Type: application/octet-stream\r\nContent-Length: ${body.length}\r\n\r\n`,
          );
          for (let at = 0; at < body.length; at += 1 << 20) {
            await write(body.subarray(at, at + (1 << 20)));
          }
          resolve("sent");
        } catch {
          // The socket's own error event says how it failed.
        }
      });
    });
    // The answer may or may not reach the client before the reset; the body never arrives.
    expect(outcome).toMatch(/^failed (EPIPE|ECONNRESET)/);
    expect((await files()).length).toBe(stored);
  });
});
