/**
 * Plain-HTTP surfaces: the app's HTTP actions (`convex/http.ts`, via convex-test's `t.fetch`) on the
 * site port, and the `/api/{query,mutation,action,function}` endpoints `ConvexHttpClient` uses on
 * the deployment port. Bearer tokens are demo JWTs, decoded like the WebSocket's.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { jsonToConvex, type JSONValue, type Value } from "convex/values";
import { identityFromJwt, type Identity } from "./auth";
import type { Engine } from "./engine";
import { encodeError, encodeResult, type Kind } from "./protocol";

/** Hop-by-hop headers describe one connection, not the request a handler should see. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "upgrade",
  "content-length",
]);
/** What ConvexHttpClient treats as "function failed" rather than a transport error. */
const STATUS_UDF_FAILED = 560;

/** A deployment's bound on an HTTP action's request body (Convex: 20 MiB). */
export const HTTP_ACTION_BODY_LIMIT = 20 << 20;

/**
 * A body declared larger than an HTTP action may read, as a deployment hands it over: a stream the
 * handler may leave unread, which fails once read past the limit. A body left unread when the
 * answer is sent is not drained: the connection is closed after the answer, as hyper (Convex's
 * HTTP server) closes the read side of a body it cannot drain at once. A client that finishes
 * sending before it takes an answer (.NET's HttpClient) then fails, so a `307` to an upload URL
 * cannot carry a large body past this limit. A body the handler read past the limit is drained, so
 * the client gets the handler's answer, not a reset, whichever it does first.
 */
function limitedBody(req: IncomingMessage): {
  stream: ReadableStream<Uint8Array>;
  /** A body the handler read past the limit is drained (dropped), not cut off. */
  overflowed: () => boolean;
} {
  let read = 0;
  let started = false;
  let overflowed = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!started) {
        started = true;
        // Data events, not an async iterator: past the limit the rest must keep flowing (and be
        // dropped) so the client, still sending, reads the answer instead of a reset.
        req.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (overflowed) return;
          if (read > HTTP_ACTION_BODY_LIMIT) {
            overflowed = true;
            controller.error(new Error("Request body exceeds the HTTP action limit of 20 MiB"));
            return;
          }
          controller.enqueue(new Uint8Array(chunk));
          if ((controller.desiredSize ?? 1) <= 0) req.pause();
        });
        req.on("end", () => {
          if (!overflowed) controller.close();
        });
        req.on("error", (error) => {
          if (!overflowed) controller.error(error);
        });
      }
      if (!overflowed) req.resume();
    },
  });
  return { stream, overflowed: () => overflowed };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function bearerIdentity(header: string | null | undefined): Identity | undefined {
  const m = /^Bearer\s+(.+)$/i.exec(header ?? "");
  return m ? identityFromJwt(m[1]!) : undefined;
}

function fail(res: ServerResponse, status: number, text: string) {
  if (!res.headersSent) res.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
  res.end(text);
}

export function httpActionsHandler(engine: Engine) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    try {
      if (!engine.app.has("http")) return fail(res, 404, "This app has no convex/http.ts");
      const headers = new Headers();
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        // The declared length stays: a handler may judge a body by it without reading it.
        const name = req.rawHeaders[i]!.toLowerCase();
        if (!HOP_BY_HOP.has(name) || name === "content-length") {
          headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
        }
      }
      let identity: Identity | undefined;
      try {
        identity = bearerIdentity(headers.get("authorization"));
      } catch (e) {
        return fail(res, 401, encodeError(e).message);
      }
      const method = req.method ?? "GET";
      const declared = Number(req.headers["content-length"] ?? NaN);
      const streamed = declared > HTTP_ACTION_BODY_LIMIT && method !== "GET" && method !== "HEAD";
      const body = streamed ? Buffer.alloc(0) : await readBody(req);
      const limited = streamed ? limitedBody(req) : undefined;
      if (body.length > HTTP_ACTION_BODY_LIMIT) {
        return fail(res, 413, "Request body exceeds the HTTP action limit of 20 MiB");
      }
      engine.counts.http++;
      const response = await engine.accessor(identity).fetch(req.url ?? "/", {
        method,
        headers,
        body: limited
          ? limited.stream
          : method === "GET" || method === "HEAD" || body.length === 0
            ? undefined
            : new Uint8Array(body),
        ...(streamed ? { duplex: "half" } : {}),
      } as RequestInit);
      engine.deliverDirty();
      // Headers pass through untouched, CORS included: the router decides them, as in production.
      const out: Record<string, string | string[]> = {};
      response.headers.forEach((value, name) => {
        if (!HOP_BY_HOP.has(name) && name !== "set-cookie") out[name] = value;
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) out["set-cookie"] = cookies;
      res.writeHead(response.status, out);
      res.end(Buffer.from(await response.arrayBuffer()), () => {
        if (limited && !req.complete && !limited.overflowed()) req.socket.destroy();
      });
    } catch (e) {
      const { message } = encodeError(e);
      engine.log(`http ${req.method} ${req.url} failed: ${message}`);
      fail(res, 500, message);
    }
  };
}

/**
 * The CORS answer a deployment's `/api` routes give (convex-backend's router: `cors()`, the origin
 * and the requested headers mirrored, credentials allowed, a day's preflight cache), so a browser
 * page of any origin may call the functions API.
 */
function apiCors(req: IncomingMessage): Record<string, string> {
  return {
    "access-control-allow-origin": req.headers.origin ?? "*",
    "access-control-allow-credentials": "true",
    "access-control-allow-methods": "GET, POST, OPTIONS, PATCH, DELETE, PUT",
    "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "*",
    "access-control-max-age": "86400",
    vary: "origin, access-control-request-headers",
  };
}

export function apiHandler(engine: Engine) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const route = /^\/api\/(query|mutation|action|function)$/.exec((req.url ?? "").split("?")[0]!);
    if (route && req.method === "OPTIONS") {
      res.writeHead(204, apiCors(req));
      return res.end();
    }
    if (req.method !== "POST" || !route) {
      return fail(res, 404, "Not found (this backend speaks the sync protocol)");
    }
    let reply: Record<string, unknown>;
    let status = 200;
    try {
      const auth = req.headers.authorization ?? "";
      const { path, args } = JSON.parse((await readBody(req)).toString("utf8")) as {
        path: string;
        // ConvexHttpClient sends `[args]`; the documented HTTP API (`format: "json"`) the object.
        args: JSONValue[] | Record<string, JSONValue> | undefined;
      };
      const kind = route[1] === "function" ? "any" : (route[1] as Kind);
      const value = await engine.call(
        kind,
        path,
        jsonToConvex((Array.isArray(args) ? args[0] : args) ?? {}) as Record<string, Value>,
        {
          identity: bearerIdentity(auth),
          allowInternal: /^Convex\s/i.test(auth),
        },
      );
      engine.deliverDirty();
      reply = { status: "success", value: encodeResult(value), logLines: [] };
    } catch (e) {
      const { message, errorData } = encodeError(e);
      status = STATUS_UDF_FAILED;
      reply = { status: "error", errorMessage: message, errorData, logLines: [] };
    }
    res.writeHead(status, { "content-type": "application/json", ...apiCors(req) });
    res.end(JSON.stringify(reply));
  };
}
