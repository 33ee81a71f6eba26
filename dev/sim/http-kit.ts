/**
 * Minimal JSON-over-HTTP plumbing shared by the plugin API, the RCON proxy and the control API:
 * a path router, JSON bodies, `{error, details?}` errors, counters and fault injection.
 */
import http from "node:http";
import { type WireError } from "../../convex/lib/gameApi";
import { type Counters, type FaultController } from "./faults";

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly details?: string,
  ) {
    super(details ? `${error}: ${details}` : error);
  }
}

export interface SimRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  header(name: string): string | undefined;
}

export interface SimResponse {
  status?: number;
  body: unknown;
  /** Runs once the answer is flushed (e.g. to go offline after acknowledging a restart). */
  after?: () => void;
}

export type Handler = (req: SimRequest) => SimResponse | Promise<SimResponse>;
/** Runs before the body is read, so a missing API key wins over a malformed body. */
export type Guard = (header: (name: string) => string | undefined) => void;

interface Route {
  method: string;
  pattern: string;
  segments: string[];
  handler: Handler;
  guard?: Guard;
}

export class Router {
  private readonly routes: Route[] = [];

  on(method: string, pattern: string, handler: Handler, guard?: Guard): this {
    this.routes.push({
      method,
      pattern,
      segments: split(pattern),
      handler,
      ...(guard ? { guard } : {}),
    });
    return this;
  }

  match(
    method: string,
    path: string,
  ): { route?: Route; params: Record<string, string>; methods: string[] } {
    const parts = split(path);
    const methods: string[] = [];
    for (const route of this.routes) {
      const params = matchSegments(route.segments, parts);
      if (!params) continue;
      if (route.method === method) return { route, params, methods };
      methods.push(route.method);
    }
    return { params: {}, methods };
  }
}

function split(path: string): string[] {
  return path.split("/").filter((s) => s !== "");
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | null {
  if (pattern.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] as string;
    const part = parts[i] as string;
    if (p.startsWith(":")) {
      try {
        params[p.slice(1)] = decodeURIComponent(part);
      } catch {
        return null;
      }
    } else if (p !== part) return null;
  }
  return params;
}

export interface JsonServerOptions {
  router: Router;
  counters?: Counters;
  faults?: FaultController;
  log?: (message: string) => void;
}

const MAX_BODY_BYTES = 64 * 1024;
/** What an unexpected exception answers (the log gets the details). */
const INTERNAL_ERROR: WireError = { error: "Internal error" };
const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, PUT, DELETE, OPTIONS",
  "access-control-allow-headers":
    "content-type, x-api-key, x-target-host, x-target-port, x-rcon-password",
};

export function createJsonServer(options: JsonServerOptions): http.Server {
  return http.createServer((req, res) => {
    handle(options, req, res).catch((error: unknown) => {
      options.log?.(`unhandled: ${String(error)}`);
      try {
        if (!res.headersSent) send(res, 500, INTERNAL_ERROR, false);
        else res.destroy();
      } catch {
        res.destroy();
      }
    });
  });
}

async function handle(
  opts: JsonServerOptions,
  req: http.IncomingMessage,
  res: http.ServerResponse,
) {
  const method = req.method ?? "GET";
  const url = new URL(req.url ?? "/", "http://sim.local");
  if (method === "OPTIONS") {
    res.writeHead(204, CORS_HEADERS).end();
    return;
  }
  const { route, params, methods } = opts.router.match(method, url.pathname);
  opts.counters?.inc(`${method} ${route?.pattern ?? "(unmatched)"}`);
  const faults = opts.faults;
  // A timeout fault holds the request open forever; the listener destroys the socket on close.
  if (faults?.roll("timeoutRate")) return;
  const latency = faults?.get().latencyMs ?? 0;
  if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
  if (faults?.roll("errorRate")) {
    return send(res, 500, { error: "Internal error", details: "Injected fault" }, false);
  }
  const corrupt = faults?.roll("invalidJsonRate") ?? false;
  if (!route) {
    if (methods.length > 0) {
      res.setHeader("allow", methods.join(", "));
      return send(
        res,
        405,
        { error: "Method not allowed", details: `Use ${methods.join(" or ")}` },
        corrupt,
      );
    }
    return send(res, 404, { error: "Not found", details: `${method} ${url.pathname}` }, corrupt);
  }
  const header = (name: string) => {
    const value = req.headers[name.toLowerCase()];
    return Array.isArray(value) ? value[0] : value;
  };
  let response: SimResponse;
  try {
    route.guard?.(header);
    const body = await readJsonBody(req);
    response = await route.handler({
      method,
      path: url.pathname,
      params,
      query: url.searchParams,
      headers: req.headers,
      body,
      header,
    });
  } catch (error) {
    if (error instanceof HttpError) {
      const body: WireError = {
        error: error.error,
        ...(error.details ? { details: error.details } : {}),
      };
      return send(res, error.status, body, corrupt);
    }
    // A bug in a handler answers 500 like any error: a dev tool must not die on input.
    opts.log?.(`handler error on ${method} ${url.pathname}: ${String(error)}`);
    return send(res, 500, INTERNAL_ERROR, corrupt);
  }
  const after = response.after;
  if (after) {
    // Runs from an event, outside this try: an exception there would be uncaught.
    res.once("finish", () => {
      try {
        after();
      } catch (error) {
        opts.log?.(`after-response hook of ${method} ${url.pathname} failed: ${String(error)}`);
      }
    });
  }
  send(res, response.status ?? 200, response.body, corrupt);
}

function send(res: http.ServerResponse, status: number, body: unknown, corrupt: boolean): void {
  let text = JSON.stringify(body);
  // Cut inside the document so no JSON parser can accept it, whatever the shape.
  if (corrupt) text = `${text.slice(0, Math.max(1, Math.floor(text.length / 2)))}<!-- truncated`;
  res.writeHead(status, {
    ...CORS_HEADERS,
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
  });
  res.end(text);
}

async function readJsonBody(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      throw new HttpError(413, "Payload too large", `Limit is ${MAX_BODY_BYTES} bytes`);
    }
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, "Invalid JSON body", "Request body is not valid JSON");
  }
}

/** The body as a plain object, or `{}` when absent; 400 for arrays and primitives. */
export function objectBody(req: SimRequest): Record<string, unknown> {
  if (req.body === undefined) return {};
  if (typeof req.body !== "object" || req.body === null || Array.isArray(req.body)) {
    throw new HttpError(400, "Invalid JSON body", "Expected a JSON object");
  }
  return req.body as Record<string, unknown>;
}
