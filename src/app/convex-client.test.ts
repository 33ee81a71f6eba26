import { ConvexReactClient } from "convex/react";
import { makeFunctionReference } from "convex/server";
import { afterEach, describe, expect, test } from "vitest";
import { CLIENT_OPTIONS } from "./convex-client";

/** A socket that opens and takes every message, and never answers: a mutation stays in flight. */
class SilentSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = 0;
  binaryType = "blob";
  onopen: ((event: Event) => void) | null = null;
  onmessage = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror = null;
  constructor() {
    super();
    setTimeout(() => {
      this.readyState = 1;
      this.onopen?.(new Event("open"));
    }, 0);
  }
  send() {}
  close() {
    this.readyState = 3;
    this.onclose?.(new CloseEvent("close", { code: 1000 }));
  }
}

const clients: ConvexReactClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
});

/** Whether leaving the page would be stopped by a prompt while a mutation is in flight. */
async function leavingIsStopped(options: ConstructorParameters<typeof ConvexReactClient>[1]) {
  const client = new ConvexReactClient("https://example.convex.cloud", {
    ...options,
    webSocketConstructor: SilentSocket as unknown as typeof WebSocket,
  });
  clients.push(client);
  void client.mutation(makeFunctionReference<"mutation">("live:heartbeat"), {}).catch(() => {});
  // The socket opens on the first timer turn and the mutation is sent then, before this timer.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const event = new Event("beforeunload", { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe("the page's Convex client", () => {
  test("never asks «Leave site?» for a mutation in flight (a heartbeat is not unsaved input)", async () => {
    expect(await leavingIsStopped(CLIENT_OPTIONS)).toBe(false);
    // Convex's default would: that is what the panel turns off.
    expect(await leavingIsStopped({})).toBe(true);
  });
});
