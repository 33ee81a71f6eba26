/* Shared test plumbing: a fixture backend, Node ConvexClients over `ws`, and a raw protocol socket. */
import path from "node:path";
import { ConvexClient } from "convex/browser";
import { anyApi, type ApiFromModules } from "convex/server";
import WebSocket from "ws";
import { startBackend, type BackendHandle, type BackendOptions } from "../../dev/backend/server";
import type * as contention from "./fixture/convex/contention";
import type * as counters from "./fixture/convex/counters";
import type * as items from "./fixture/convex/items";
import type * as limited from "./fixture/convex/limited";
import type * as messages from "./fixture/convex/messages";
import type * as ranges from "./fixture/convex/ranges";
import type * as seed from "./fixture/convex/seed";

/**
 * The fixture's functions as typed references, public and internal alike (it has no codegen):
 * `backend.runInternal(fixture.items.add, { n: 1 })` checks the name and the arguments.
 */
export const fixture = anyApi as unknown as ApiFromModules<{
  contention: typeof contention;
  counters: typeof counters;
  items: typeof items;
  limited: typeof limited;
  messages: typeof messages;
  ranges: typeof ranges;
  seed: typeof seed;
}>;

export const fixtureDir = path.resolve(import.meta.dirname, "fixture/convex");

export async function startFixture(opts: Partial<BackendOptions> = {}) {
  const logs: string[] = [];
  const backend = await startBackend({
    convexDir: fixtureDir,
    port: 0,
    httpPort: 0,
    log: (line) => logs.push(line),
    ...opts,
  });
  return { backend, logs };
}

export function client(backend: BackendHandle): ConvexClient {
  return new ConvexClient(backend.url, {
    webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
  });
}

/**
 * Waits for a state. The bound only ends a hang: a real app's first query loads its whole module
 * graph, which took over 3 s on a loaded machine once the graph grew.
 */
export async function until<T>(
  fn: () => T | Promise<T>,
  timeoutMs = 30_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v as NonNullable<T>;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
}

export type ServerMsg = Record<string, unknown> & { type: string };

/** A hand-driven protocol socket for what ConvexClient hides (replays, versions, bad input). */
export class RawSocket {
  readonly messages: ServerMsg[] = [];
  private constructor(readonly ws: WebSocket) {
    ws.on("message", (d: Buffer) => this.messages.push(JSON.parse(d.toString()) as ServerMsg));
  }
  static async open(
    backend: BackendHandle,
    sessionId: string = crypto.randomUUID(),
  ): Promise<RawSocket> {
    const ws = new WebSocket(`${backend.url.replace(/^http/, "ws")}/api/1.48.0/sync`);
    await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
    const s = new RawSocket(ws);
    s.send({
      type: "Connect",
      sessionId,
      connectionCount: 0,
      lastCloseReason: null,
      clientTs: Date.now(),
    });
    return s;
  }
  send(msg: object | string) {
    this.ws.send(typeof msg === "string" ? msg : JSON.stringify(msg));
  }
  next(pred: (m: ServerMsg) => boolean, timeoutMs = 3000): Promise<ServerMsg> {
    return until(() => this.messages.find(pred), timeoutMs);
  }
  close() {
    this.ws.terminate();
  }
}

/** Decodes the protocol's base64 little-endian u64 timestamps. */
export const tsOf = (b64: unknown) => Buffer.from(String(b64), "base64").readBigUInt64LE();
