import type uk from "../uk/docs";
import type { Translation } from "../types";

/** English texts: docs.*. */
export default {
  "docs.badgeTitle": "Server badge (badge.svg)",
  "docs.badgeIntro":
    "GET /api/servers/{key}/badge.svg — an SVG badge with the server's state: online or offline, map, players, score. Embed it in a forum, a README or Discord.",
  "docs.badgeCache":
    "The response is cached for 60 s (Cache-Control) and has an ETag: a repeated request with If-None-Match gets 304, so an embedded badge costs one call per cache period, not one per view.",
  "docs.badgeLang": "?lang=en — the badge in English (Ukrainian by default).",
  "docs.overlayTitle": "Stream overlay (OBS)",
  "docs.overlayIntro":
    "A transparent bar with the team names, the score and the round timer for a stream. Put your server's key in place of server1.",
  "docs.overlay.obs":
    "OBS: Sources → «+» → Browser, paste the address, width 1280, height 200; the page background is transparent, nothing else to set.",
  "docs.overlay.rounds": "Add ?rounds=1 to the address to show the round strip under the score.",
  "docs.overlay.killfeed":
    "Add ?killfeed=1 to show the kill feed under the score (latest kills; needs the server log turned on in «Control»). The options combine: ?rounds=1&killfeed=1.",
  "docs.overlay.lang":
    "Add ?lang=uk or ?lang=en to fix the language of the overlay's labels; without it the overlay speaks the OBS browser's language (Ukrainian if the panel does not have it).",
  "docs.overlay.cost":
    "The overlay updates live and counts as one panel viewer: as many calls as the «Overview» tab; the kill feed adds a call per batch of kills.",
  "docs.title": "Public API documentation",
  "docs.intro":
    "The panel offers an open read-only API. It serves the same cached data as the panel, so requests to it put no load on the game servers. No sign-in is needed.",
  "docs.baseUrl": "Base address",
  "docs.format":
    "Every response is JSON (Content-Type: application/json). CORS is on for any origin, so the API can be called straight from a browser.",
  "docs.serverKey":
    "{key} — a server's key from the GET /api/servers list (for example server1 or server2).",
  "docs.endpointsTitle": "Endpoints",
  "docs.exampleResponse": "Example response",
  "docs.params": "Parameters",
  "docs.ep.servers":
    "Enabled servers: key, name, connect address, current state and, while the server broadcasts a match, its GOTV address (gotvAddress).",
  "docs.ep.status":
    "Server state: whether it is online and when its data last updated successfully.",
  "docs.ep.match":
    "Current match: map, CT and T score, players online, round phase. What the server does not report (plain CS2 over RCON without MatchZy) is null and listed in unknown.",
  "docs.ep.summary": "Totals: players, kills, deaths, damage, bombs planted and defused.",
  "docs.ep.players":
    "Every player of the current map with full stats, grouped by team; unknownSide — players whose side and stats the server does not report (stats null).",
  "docs.ep.player": "One player by SteamID64 (17 digits).",
  "docs.ep.search": "Search players by part of the nickname (case-insensitive).",
  "docs.ep.top":
    "The best players by a criterion. The limit parameter says how many to return (5 by default).",
  "docs.param.q": "q — the search string (required).",
  "docs.param.limit":
    "limit — number of players, 1 to 50, 5 by default. Any other value is a 400 “Invalid limit” naming the allowed range.",
  "docs.param.criterion": "criterion — one of: {list}.",
  "docs.param.steamId": "steamId — the player's SteamID64, a string of 17 digits.",
  "docs.errorsTitle": "Errors",
  "docs.errorsIntro": "Errors come back as JSON with an error field and the matching HTTP status:",
  "docs.err.400": "invalid SteamID, missing q parameter, unknown criterion or invalid limit",
  "docs.err.404": "unknown server, player not found or no data yet",
  "docs.err.500": "internal error",
  "docs.adminTitle": "What administrators can do in the panel",
  "docs.adminIntro":
    "Control actions are not part of the public API: administrators run them on the panel's «Control» tab. Every action is checked on the server and written to the audit log.",
  "docs.admin.general":
    "General and match actions: pause, autobalance, friendly fire, bhop, game restart, skip warmup.",
  "docs.admin.maps": "Changing the map (official and Workshop maps) and the game mode.",
  "docs.admin.commands":
    "Console commands (up to 330 characters), chat messages (up to 100 characters), cvars, configs and the server password.",
  "docs.admin.players": "Kicking and banning players, the ban list with unban.",
  "docs.admin.random": "Picking random players among T and CT.",
  "docs.admin.audit": "The audit log of every action and every attempt without rights.",
  "docs.admin.guest":
    "Guest access: an administrator can open the general, match and map actions to every visitor.",
  "docs.admin.tournament":
    "2×2 tournament: creating it, resetting the map ban/pick and launching the match.",
  "docs.ep.matches":
    "The server's played matches, newest first: map, mode, start and end time, CT and T score, winner, rounds.",
  "docs.ep.matchById": "One match with the final stats of every human player.",
  "docs.ep.career":
    "A player's career on every server: matches, wins, kills, K/D, HS %, ADR, names. 404 — the player is not in the history, 400 — not a SteamID64.",
  "docs.ep.leaderboard":
    "Player ranking by a criterion, all time or for a month. K/D, ADR and HS % only for players with at least 3 matches.",
  "docs.param.matchesLimit":
    "limit — number of matches, 1 to 100, 20 by default. Any other value is a 400 “Invalid limit” naming the allowed range.",
  "docs.param.cursor": "cursor — nextCursor from the previous response (the next page).",
  "docs.param.boardCriterion": "criterion — kills, kd, wins, adr, hs or mvps.",
  "docs.param.boardLimit":
    "limit — number of players, 1 to 100, 10 by default. Any other value is a 400 “Invalid limit” naming the allowed range.",
  "docs.param.season": "season — a month as YYYY-MM, or all (all by default).",
  "docs.ep.bans":
    "The community's public list of bans in force: one row per player and server, newest first; lifted and expired bans disappear (404 until an administrator makes the list public). Who issued a ban — only if the settings allow it.",
  "docs.param.bansLimit":
    "limit — number of entries, 1 to 100, 50 by default. Any other value is a 400 “Invalid limit” naming the allowed range.",
} as const satisfies Translation<typeof uk>;
