/**
 * Production builds of the web app served the way a host serves them (gzip, single-page fallback,
 * the overlay's own page), for the web bench and the browser tests that need a real build.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The phone profile's round trip, also added to the Convex socket by delayingProxy. */
export const RTT_MS = 150;

/** Runs vite build for the panel and the overlay into `outDir` with the given VITE_* variables. */
export function buildWeb(outDir: string, env: Record<string, string>) {
  rmSync(outDir, { recursive: true, force: true });
  for (const config of ["vite.config.ts", "vite.overlay.config.ts"]) {
    const result = spawnSync(
      "npx",
      ["vite", "build", "-c", config, "--outDir", outDir, "--logLevel", "error"],
      { cwd: root, env: { ...process.env, ...env }, stdio: "inherit" },
    );
    if (result.status !== 0) throw new Error(`vite build -c ${config} failed`);
  }
}

export interface Served {
  url: string;
  /** Gzip bytes of every .js file served since the last reset. */
  jsBytes(): number;
  reset(): void;
  close(): Promise<void>;
}

export interface ServeOptions {
  /** Text replaced in every HTML and JS file, in order (a host's runtime configuration). */
  replace?: Array<[string, string]>;
  /** Headers a host adds per path (the framing rules). */
  headers?: (pathname: string) => Record<string, string>;
}

/** Serves a build gzip-compressed, as a single-page app with the overlay's own page. */
export async function serveBuild(dir: string, options: ServeOptions = {}): Promise<Served> {
  const files = new Map<string, { body: Buffer; type: string }>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else {
        const ext = path.extname(name);
        const type =
          {
            ".js": "text/javascript",
            ".css": "text/css",
            ".html": "text/html",
            ".svg": "image/svg+xml",
          }[ext] ?? "application/octet-stream";
        let body = readFileSync(full);
        if (options.replace && (ext === ".js" || ext === ".html")) {
          let text = body.toString("utf8");
          for (const [from, to] of options.replace) text = text.split(from).join(to);
          body = Buffer.from(text, "utf8");
        }
        files.set("/" + path.relative(dir, full), { body: gzipSync(body, { level: 9 }), type });
      }
    }
  };
  walk(dir);
  let js = 0;
  const server = http.createServer((req, res) => {
    // The path as a host reads it: `//?lang=uk` is the index, never an error.
    const pathname = (req.url ?? "/").split(/[?#]/)[0]!.replace(/^\/+/, "/");
    const file =
      files.get(pathname) ??
      (pathname.startsWith("/overlay/") ? files.get("/overlay.html") : files.get("/index.html"))!;
    if (pathname.endsWith(".js")) js += file.body.length;
    res.writeHead(200, {
      ...options.headers?.(pathname),
      "content-type": file.type,
      "content-encoding": "gzip",
      "content-length": file.body.length,
      "cache-control": "no-store",
    });
    res.end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    jsBytes: () => js,
    reset: () => void (js = 0),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A TCP proxy to the backend adding the round trip Chromium's throttling leaves off WebSockets. */
export async function delayingProxy(target: URL): Promise<{ port: number; close(): void }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    // The connection's own round trip, then half of one on every chunk each way.
    let ready = false;
    const queued: Buffer[] = [];
    setTimeout(() => {
      ready = true;
      for (const chunk of queued.splice(0)) relay(chunk, upstream);
    }, RTT_MS);
    const relay = (chunk: Buffer, to: net.Socket) =>
      setTimeout(() => to.writable && to.write(chunk), RTT_MS / 2);
    client.on("data", (chunk) => (ready ? relay(chunk, upstream) : queued.push(chunk)));
    upstream.on("data", (chunk) => relay(chunk, client));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("close", end).on("error", end);
    upstream.on("close", end).on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close() {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

/** A host that accepts connections and never answers: Clerk's, hanging. */
export async function hangingHost(): Promise<{ port: number; close(): void }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => void sockets.add(s.on("error", () => undefined)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close() {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}
