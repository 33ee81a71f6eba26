import { afterEach, describe, expect, it, vi } from "vitest";
import { dashboardArgs } from "@/app/panel/shown-server";
import { ACTIVE_SERVER_KEY } from "@/features/servers/hooks/use-active-server";
import { earlyPageScript, STORED_SERVER_KEY } from "@/config/early-page";

const SYNC = "ws://127.0.0.1:3210/api/1.48.0/sync";
const HTTP = "http://127.0.0.1:3210";

/** Runs the page's inline script at `address`; answers what it asked over HTTP, if anything. */
function runAt(address: string, stored: string | null) {
  window.history.replaceState(null, "", address);
  if (stored === null) window.localStorage.removeItem(STORED_SERVER_KEY);
  else window.localStorage.setItem(STORED_SERVER_KEY, stored);
  const sockets: string[] = [];
  vi.stubGlobal(
    "WebSocket",
    class {
      constructor(url: string) {
        sockets.push(url);
      }
    },
  );
  const fetched: { url: string; body: unknown }[] = [];
  vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
    fetched.push({ url, body: JSON.parse(String(init.body)) });
    return Promise.resolve(
      new Response(JSON.stringify({ status: "success", value: { serverId: "s1" } })),
    );
  });
  window.__firstDashboard = undefined;
  new Function(earlyPageScript(SYNC, HTTP))();
  // Set by the script just run (TypeScript still sees the undefined assigned above).
  const early = window.__firstDashboard as Window["__firstDashboard"];
  return { sockets, fetched, early };
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.__firstDashboard = undefined;
  window.localStorage.clear();
});

describe("the page's inline script", () => {
  it("remembers the server where the panel does", () => {
    expect(STORED_SERVER_KEY).toBe(ACTIVE_SERVER_KEY);
  });

  it("on the dashboard asks for its live view with the panel's own arguments", async () => {
    for (const [address, key, stored] of [
      ["/", null, null],
      ["/?server=server2", "server2", null],
      ["/", null, "abc123"],
      ["/?server=cup%201&tab=dashboard", "cup 1", "abc123"],
    ] as const) {
      const { sockets, fetched, early } = runAt(address, stored);
      expect(sockets).toEqual([SYNC]);
      const args = dashboardArgs(key, stored);
      expect(fetched).toEqual([
        { url: `${HTTP}/api/query`, body: { path: "live:dashboard", args, format: "json" } },
      ]);
      expect(early!.args).toBe(JSON.stringify(args));
      expect(await early!.value).toEqual({ serverId: "s1" });
    }
  });

  it("elsewhere only opens the socket", () => {
    for (const address of ["/?tab=players", "/matches", "/overlay/server1"]) {
      const { sockets, fetched, early } = runAt(address, null);
      expect(sockets).toEqual([SYNC]);
      expect(fetched).toEqual([]);
      expect(early).toBeUndefined();
    }
  });

  it("a refused answer leaves nothing to show and throws nowhere", async () => {
    window.history.replaceState(null, "", "/");
    vi.stubGlobal("WebSocket", class {});
    vi.stubGlobal("fetch", () =>
      Promise.resolve(new Response(JSON.stringify({ status: "error", errorMessage: "x" }))),
    );
    new Function(earlyPageScript(SYNC, HTTP))();
    await expect(window.__firstDashboard!.value).rejects.toBeTruthy();
  });
});
