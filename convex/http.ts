import { httpRouter } from "convex/server";
import { internal } from "./_generated/api";
import { httpAction, type ActionCtx } from "./_generated/server";
import {
  BADGE_MAX_AGE_S,
  BADGE_SECURITY_HEADERS,
  badgeEtag,
  badgeLanguage,
  badgeSvg,
} from "./lib/badge";
import { CORS_HEADERS, jsonResponse, publicGet } from "./lib/httpResponses";
import { MALFORMED_PATH, pathSegments, routeServerRequest } from "./lib/readApiRouter";
import { EVENTS_PATH, receivePushRequest } from "./model/push/http";
import { LOG_PATH, receiveLogRequest } from "./model/serverLog/http";
import { MATCH_CONFIG_HEADER, MATCH_CONFIG_PATH } from "./lib/matchzyMatch";
import { sha256Hex } from "./lib/random";
import { publicBansResponse } from "./model/moderation/publicBans";
import { RETURN_PATH, START_PATH, receiveAnswer } from "./model/steam/link";
import { leaderboard, matchById, playerCareer, serverMatches } from "./model/history/api";

const http = httpRouter();

const json = (status: number, body: unknown) => jsonResponse(status, body, CORS_HEADERS);

/**
 * The badge, or 304 when the embedder already holds these bytes (`If-None-Match`). An unknown key
 * is a 404 that is still an image (browsers draw it), never JSON an `<img>` shows as broken.
 */
function badge(request: Request, svg: string, status: 200 | 404): Response {
  const etag = badgeEtag(svg);
  const headers = {
    "Cache-Control": `public, max-age=${BADGE_MAX_AGE_S}`,
    ETag: etag,
    ...BADGE_SECURITY_HEADERS,
    ...CORS_HEADERS,
  };
  const held = request.headers.get("If-None-Match");
  if (status === 200 && held && held.split(",").some((tag) => tag.trim() === etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(svg, {
    status,
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", ...headers },
  });
}

/** `GET /api/servers`: enabled servers with their cached online state. */
publicGet(
  http,
  { path: "/api/servers" },
  httpAction(async (ctx) => json(200, await ctx.runQuery(internal.publicApi.serverList, {}))),
);

/**
 * `GET /api/servers/{key}/…`: status, match, summary, players, players/{steamId}, search,
 * players/top, matches, and the embeddable `badge.svg`.
 */
publicGet(
  http,
  { pathPrefix: "/api/servers/" },
  httpAction(async (ctx, request) => {
    const url = new URL(request.url);
    const segments = pathSegments(url.pathname.slice("/api/servers/".length));
    if (!segments) return json(MALFORMED_PATH.status, MALFORMED_PATH.body);
    const [key = "", ...rest] = segments;
    if (rest.length === 1 && rest[0] === "matches") {
      const { status, body } = await serverMatches(ctx, key, url.searchParams);
      return json(status, body);
    }
    const snapshot = await ctx.runQuery(internal.publicApi.serverSnapshot, { key });
    if (rest.length === 1 && rest[0] === "badge.svg") {
      return badge(
        request,
        badgeSvg(snapshot, badgeLanguage(url.searchParams.get("lang"))),
        snapshot ? 200 : 404,
      );
    }
    if (!snapshot) return json(404, { error: "Server not found" });
    const { status, body } = routeServerRequest(snapshot, rest, url.searchParams);
    return json(status, body);
  }),
);

/** Match history (model/history/api.ts): one path segment after each prefix. */
for (const [prefix, route] of [
  ["/api/matches/", (ctx: ActionCtx, id: string) => matchById(ctx, id)],
  ["/api/players/", (ctx: ActionCtx, steamId: string) => playerCareer(ctx, steamId)],
  [
    "/api/leaderboard/",
    (ctx: ActionCtx, criterion: string, query: URLSearchParams) =>
      leaderboard(ctx, criterion, query),
  ],
] as const) {
  publicGet(
    http,
    { pathPrefix: prefix },
    httpAction(async (ctx, request) => {
      const url = new URL(request.url);
      const segments = pathSegments(url.pathname.slice(prefix.length));
      if (!segments) return json(MALFORMED_PATH.status, MALFORMED_PATH.body);
      if (segments.length !== 1) return json(404, { error: "Not found" });
      const { status, body } = await route(ctx, segments[0]!, url.searchParams);
      return json(status, body);
    }),
  );
}

/** `GET /api/bans?limit=&cursor=`: the community's ban list, when an admin made it public. */
publicGet(
  http,
  { path: "/api/bans" },
  httpAction(async (ctx, request) => {
    const query = new URL(request.url).searchParams;
    const { status, body } = await publicBansResponse(
      (limit, cursor) => ctx.runQuery(internal.publicApi.bans, { limit, cursor }),
      query,
    );
    return json(status, body);
  }),
);

/**
 * `POST /api/events/{key}`: MatchZy's remote log (model/push/http.ts). Server to server, so no CORS;
 * the per-server secret comes in the `X-Panel-Push-Key` header.
 */
http.route({
  pathPrefix: EVENTS_PATH,
  method: "POST",
  handler: httpAction(async (ctx, request) => await receivePushRequest(ctx, request)),
});

/**
 * `POST /api/log/{key}/{secret}`: CS2's HTTP log (model/serverLog/http.ts), server to server. CS2
 * cannot send a header of ours, so the secret is in the path.
 */
http.route({
  pathPrefix: LOG_PATH,
  method: "POST",
  handler: httpAction(async (ctx, request) => await receiveLogRequest(ctx, request)),
});

/**
 * `GET /matchzy/match/{key}`: a tournament launch's MatchZy match config (model/tournament/matchConfig.ts),
 * fetched by the game server with the launch's token in `X-Panel-Match-Key`. Server to server, so
 * no CORS; never cached.
 */
http.route({
  pathPrefix: MATCH_CONFIG_PATH,
  method: "GET",
  handler: httpAction(async (ctx, request) => {
    const key = new URL(request.url).pathname.slice(MATCH_CONFIG_PATH.length).slice(0, 64);
    const token = request.headers.get(MATCH_CONFIG_HEADER) ?? "";
    const { status, body } =
      token === "" || token.length > 128
        ? { status: 401, body: JSON.stringify({ error: "Unauthorized" }) }
        : await ctx.runQuery(internal.tournamentLaunch.matchConfig, {
            key,
            tokenHash: await sha256Hex(token),
            now: Date.now(),
          });
    return new Response(body, {
      status,
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
    });
  }),
});

/**
 * Linking Steam (model/steam/link.ts): the browser opens the start URL the panel got from
 * `steamLink.begin` and is sent to Steam; Steam sends it back to the return URL with its answer.
 */
http.route({
  path: START_PATH,
  method: "GET",
  handler: httpAction(async (ctx, request) => {
    const state = new URL(request.url).searchParams.get("state") ?? "";
    const target = await ctx.runQuery(internal.steamLink.startUrl, { state: state.slice(0, 64) });
    if (!target) {
      return new Response("Посилання для прив'язки Steam застаріло. Почніть прив'язку ще раз.", {
        status: 410,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
      });
    }
    return new Response(null, {
      status: 302,
      headers: { Location: target, "Cache-Control": "no-store" },
    });
  }),
});
http.route({
  path: RETURN_PATH,
  method: "GET",
  handler: httpAction(async (ctx, request) => await receiveAnswer(ctx, request)),
});

export default http;
