import { afterEach, describe, expect, it, vi } from "vitest";
import { adoptingWebSocket } from "./early-socket";

const URL_ = "ws://127.0.0.1:3210/api/1.48.0/sync";

function fakeSocket(url: string, readyState: number) {
  return { url, readyState, onopen: null as null | ((e: Event) => void), close: vi.fn() };
}

afterEach(() => {
  window.__convexSocket = undefined;
  vi.unstubAllGlobals();
});

describe("the socket the page opened", () => {
  it("is the client's first socket, and an open one still tells the client it opened", async () => {
    const early = fakeSocket(URL_, WebSocket.OPEN);
    window.__convexSocket = early as unknown as WebSocket;
    const Ctor = adoptingWebSocket();
    const ws = new Ctor(URL_);
    expect(ws).toBe(early);
    const opened = new Promise((resolve) => (ws.onopen = resolve));
    await expect(opened).resolves.toBeInstanceOf(Event);
    expect(window.__convexSocket).toBeUndefined();
  });

  it("is not taken for another address or once closed, and later sockets are new", () => {
    const made: string[] = [];
    class Stub {
      static readonly CONNECTING = 0;
      static readonly OPEN = 1;
      static readonly CLOSING = 2;
      static readonly CLOSED = 3;
      constructor(readonly url: string) {
        made.push(url);
      }
    }
    vi.stubGlobal("WebSocket", Stub);
    const other = fakeSocket("ws://elsewhere/api/1.48.0/sync", 1);
    window.__convexSocket = other as unknown as WebSocket;
    const Ctor = adoptingWebSocket();
    expect(new Ctor(URL_)).not.toBe(other);
    expect(other.close).toHaveBeenCalled();
    window.__convexSocket = fakeSocket(URL_, 3) as unknown as WebSocket;
    new Ctor(URL_);
    new Ctor(URL_);
    expect(made).toEqual([URL_, URL_, URL_]);
  });
});
