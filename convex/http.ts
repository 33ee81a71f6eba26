/**
 * Every HTTP route of the deployment, on one router (lib/httpResponses.ts): the public read API
 * (`readRoute`, CORS for any site) and what game servers and Steam call (`serverRoute`, no CORS).
 * Handlers get the path already split after their prefix.
 */
import { internal } from "./_generated/api";
import {
  BADGE_MAX_AGE_S,
  BADGE_SECURITY_HEADERS,
  badgeEtag,
  badgeLanguage,
  badgeSvg,
} from "./lib/badge";
import { jsonResponse, panelRouter } from "./lib/httpResponses";
import { routeServerRequest } from "./lib/readApiRouter";
import { EVENTS_PATH, receivePushRequest } from "./model/push/http";
import { LOG_PATH, receiveLogRequest } from "./model/serverLog/http";
import { MATCH_CONFIG_HEADER, MATCH_CONFIG_PATH } from "./lib/matchzyMatch";
import { sha256Hex } from "./lib/random";
import { publicBansResponse } from "./model/moderation/publicBans";
import { RETURN_PATH, START_PATH, expiredStartResponse, receiveAnswer } from "./model/steam/link";
import { leaderboard, matchById, playerCareer, serverMatches } from "./model/history/api";

const { http, readRoute, serverRoute } = panelRouter();

const json = ({ status, body }: { status: number; body: unknown }) => jsonResponse(status, body);

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
readRoute({ path: "/api/servers" }, async (ctx) =>
  jsonResponse(200, await ctx.runQuery(internal.publicApi.serverList, {})),
);

/**
 * `GET /api/servers/{key}/…`: status, match, summary, players, players/{steamId}, search,
 * players/top, matches, and the embeddable `badge.svg`.
 */
readRoute({ pathPrefix: "/api/servers/" }, async (ctx, { request, url, segments }) => {
  const [key = "", ...rest] = segments;
  if (rest.length === 1 && rest[0] === "matches") {
    return json(await serverMatches(ctx, key, url.searchParams));
  }
  const snapshot = await ctx.runQuery(internal.publicApi.serverSnapshot, { key });
  if (rest.length === 1 && rest[0] === "badge.svg") {
    return badge(
      request,
      badgeSvg(snapshot, badgeLanguage(url.searchParams.get("lang"))),
      snapshot ? 200 : 404,
    );
  }
  if (!snapshot) return jsonResponse(404, { error: "Server not found" });
  return json(routeServerRequest(snapshot, rest, url.searchParams));
});

/** Match history (model/history/api.ts): one path segment after each prefix. */
for (const [prefix, route] of [
  ["/api/matches/", (ctx, id) => matchById(ctx, id)],
  ["/api/players/", (ctx, steamId) => playerCareer(ctx, steamId)],
  ["/api/leaderboard/", (ctx, criterion, query) => leaderboard(ctx, criterion, query)],
] as const satisfies readonly (readonly [
  string,
  (...args: Parameters<typeof leaderboard>) => ReturnType<typeof leaderboard>,
])[]) {
  readRoute({ pathPrefix: prefix }, async (ctx, { url, segments }) =>
    segments.length === 1
      ? json(await route(ctx, segments[0]!, url.searchParams))
      : jsonResponse(404, { error: "Not found" }),
  );
}

/** `GET /api/bans?limit=&cursor=`: the community's ban list, when an admin made it public. */
readRoute({ path: "/api/bans" }, async (ctx, { url }) =>
  json(
    await publicBansResponse(
      (limit, cursor) => ctx.runQuery(internal.publicApi.bans, { limit, cursor }),
      url.searchParams,
    ),
  ),
);

/**
 * `POST /api/events/{key}`: MatchZy's remote log (model/push/http.ts); the per-server secret comes
 * in the `X-Panel-Push-Key` header.
 */
serverRoute(
  { pathPrefix: EVENTS_PATH },
  { method: "POST" },
  async (ctx, { request, segments }) => await receivePushRequest(ctx, request, segments),
);

/**
 * `POST /api/log/{key}/{secret}`: CS2's HTTP log (model/serverLog/http.ts). CS2 cannot send a
 * header of ours, so the secret is in the path; a path that does not decode is not ours (404).
 */
serverRoute(
  { pathPrefix: LOG_PATH },
  { method: "POST", malformed: () => jsonResponse(404, { error: "Not found" }) },
  async (ctx, { request, segments }) => await receiveLogRequest(ctx, request, segments),
);

/**
 * `GET /matchzy/match/{key}`: a tournament launch's MatchZy match config
 * (model/tournament/matchConfig.ts), fetched by the game server with the launch's token in
 * `X-Panel-Match-Key`; never cached.
 */
serverRoute({ pathPrefix: MATCH_CONFIG_PATH }, { method: "GET" }, async (ctx, { request, url }) => {
  const key = url.pathname.slice(MATCH_CONFIG_PATH.length).slice(0, 64);
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
});

/**
 * Linking Steam (model/steam/link.ts): the browser opens the start URL the panel got from
 * `steamLink.begin` and is sent to Steam; Steam sends it back to the return URL with its answer.
 */
serverRoute({ path: START_PATH }, { method: "GET" }, async (ctx, { url }) => {
  const state = url.searchParams.get("state") ?? "";
  const target = await ctx.runQuery(internal.steamLink.startUrl, { state: state.slice(0, 64) });
  if (!target) return expiredStartResponse();
  return new Response(null, {
    status: 302,
    headers: { Location: target, "Cache-Control": "no-store" },
  });
});
serverRoute(
  { path: RETURN_PATH },
  { method: "GET" },
  async (ctx, { request }) => await receiveAnswer(ctx, request),
);

export default http;
