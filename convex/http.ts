import { httpRouter } from "convex/server";
import { internal } from "./_generated/api";
import { httpAction } from "./_generated/server";
import { MALFORMED_PATH, pathSegments, routeServerRequest } from "./lib/readApiRouter";
import { EVENTS_PATH, receivePushRequest } from "./model/push";

const http = httpRouter();

const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
  "Access-Control-Max-Age": "86400",
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      ...CORS,
    },
  });
}

const preflight = httpAction(async () => new Response(null, { status: 204, headers: CORS }));

/** `GET /api/servers`: enabled servers with their cached online state. */
http.route({
  path: "/api/servers",
  method: "GET",
  handler: httpAction(async (ctx) =>
    json(200, await ctx.runQuery(internal.publicApi.serverList, {})),
  ),
});
http.route({ path: "/api/servers", method: "OPTIONS", handler: preflight });

/** `GET /api/servers/{key}/…`: status, match, summary, players, players/{steamId}, search, players/top. */
http.route({
  pathPrefix: "/api/servers/",
  method: "GET",
  handler: httpAction(async (ctx, request) => {
    const url = new URL(request.url);
    const segments = pathSegments(url.pathname.slice("/api/servers/".length));
    if (!segments) return json(MALFORMED_PATH.status, MALFORMED_PATH.body);
    const [key = "", ...rest] = segments;
    const snapshot = await ctx.runQuery(internal.publicApi.serverSnapshot, { key });
    if (!snapshot) return json(404, { error: "Server not found" });
    const { status, body } = routeServerRequest(snapshot, rest, url.searchParams);
    return json(status, body);
  }),
});
http.route({ pathPrefix: "/api/servers/", method: "OPTIONS", handler: preflight });

/**
 * `POST /api/events/{key}`: MatchZy's remote log (model/push.ts). Server to server, so no CORS;
 * the per-server secret comes in the `X-Panel-Push-Key` header.
 */
http.route({
  pathPrefix: EVENTS_PATH,
  method: "POST",
  handler: httpAction(async (ctx, request) => await receivePushRequest(ctx, request)),
});

export default http;
