/**
 * The deployment's HTTP routes, one router (`convex/http.ts`) and two kinds of route on it:
 *
 * - `readRoute`: the public read API, which any site may read (it takes no credentials). CORS is
 *   applied by convex-helpers' `corsRouter` alone: the preflight, the allowed origin and `Vary`.
 * - `serverRoute`: what game servers and Steam call, server to server, so no CORS at all.
 *
 * Both parse the path once: a prefix route's handler gets the decoded segments after its prefix,
 * and a malformed percent-escape is answered (never a thrown "URI malformed").
 */
import { corsRouter } from "convex-helpers/server/cors";
import { httpRouter, type RoutableMethod } from "convex/server";
import { httpAction, type ActionCtx } from "../_generated/server";
import { MALFORMED_PATH, pathSegments } from "./readApiRouter";

/** JSON that is never cached: it reflects live state. */
export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      ...headers,
    },
  });
}

const malformedPath = () => jsonResponse(MALFORMED_PATH.status, MALFORMED_PATH.body);

/** What a route's handler gets: the request, its URL, and the path's segments after a prefix. */
export interface RouteRequest {
  request: Request;
  url: URL;
  /** Decoded, non-empty segments after the route's prefix (empty for an exact path). */
  segments: string[];
}

type RouteHandler = (ctx: ActionCtx, at: RouteRequest) => Promise<Response>;

type Where = { path: string } | { pathPrefix: string };

interface RouteSpec {
  method: RoutableMethod;
  /** The answer to a path whose percent-escapes do not decode (default 400 JSON). */
  malformed?: () => Response;
}

function parsed(where: Where, spec: RouteSpec, handle: RouteHandler) {
  return httpAction(async (ctx, request) => {
    const url = new URL(request.url);
    if ("path" in where) return await handle(ctx, { request, url, segments: [] });
    const segments = pathSegments(url.pathname.slice(where.pathPrefix.length));
    if (!segments) return (spec.malformed ?? malformedPath)();
    return await handle(ctx, { request, url, segments });
  });
}

/** The router and its two kinds of route; `convex/http.ts` declares every route through them. */
export function panelRouter() {
  const http = httpRouter();
  const cors = corsRouter(http, {
    allowedOrigins: ["*"],
    allowedHeaders: ["Content-Type"],
    // Nothing beyond the simple response headers is for scripts to read.
    exposedHeaders: [],
    browserCacheMaxAge: 86400,
  });
  return {
    http,
    /** A GET of the public read API: CORS and its preflight come from `corsRouter`. */
    readRoute(where: Where, handle: RouteHandler): void {
      cors.route({ ...where, method: "GET", handler: parsed(where, { method: "GET" }, handle) });
    },
    /** A route game servers or Steam call: no CORS, no preflight. */
    serverRoute(where: Where, spec: RouteSpec, handle: RouteHandler): void {
      http.route({ ...where, method: spec.method, handler: parsed(where, spec, handle) });
    },
  };
}
