/**
 * The permission matrix: every public Convex function × {anonymous, guest admin on, signed-in
 * non-admin, admin} → allowed or refused (the roles in convex/lib/functions.ts). A public function without a row here
 * fails the first test, so nothing new ships without a decision about who may call it.
 *
 * An allowed call must get what its row declares: the handler's result, or one declared failure
 * past the gate (no game server listens, no tournament exists). Anything else, say an argument
 * validator refusing the sample arguments, fails the row instead of counting as allowed.
 */
import { makeFunctionReference } from "convex/server";
import { describe, expect, test } from "vitest";
import type { Id } from "./_generated/dataModel";
import { createTournament } from "./model/tournament/state";
import { presetFormat } from "./lib/tournamentPresets";
import { declarationOf, PANEL_ACTIONS } from "./lib/actionRegistry";
import {
  personas,
  setGuestAdmin,
  setupTest,
  throwingRefusals,
  type TestConvex,
} from "./test.setup";

type Level =
  | "public"
  | "session"
  | "signedIn"
  | "admin"
  | "guestAdmin"
  | "adminRead"
  | "moderator"
  | "moderatorRead";
type Kind = "query" | "mutation" | "action";
interface Ids {
  serverId: Id<"servers">;
  userId: Id<"users">;
  /** A tournament that was deleted: calls about it get past the gate and find nothing. */
  tournamentId: Id<"tournaments">;
  /** A cup and a cup match that were deleted, likewise. */
  cupId: Id<"cups">;
  cupMatchId: Id<"cupMatches">;
  /** A report that was deleted: decisions about it get past the gate and find nothing. */
  reportId: Id<"reports">;
  /** An interruption that was deleted: its recovery gets past the gate and finds nothing. */
  interruptionId: Id<"interruptions">;
  warningId: Id<"warnings">;
  appealId: Id<"appeals">;
}

const STEAM = "76561198000000001";
// The deployment's site URL (a real deployment always has one): push:enable then gets as far as
// the game server.
process.env.CONVEX_SITE_URL ??= "https://matrix-test.convex.site";
// Where Steam sends a player back after linking (steamLink:begin needs it).
process.env.PANEL_URL ??= "https://matrix-test.panel.example";
const page = { paginationOpts: { numItems: 10, cursor: null } };

/** What an allowed caller gets: the handler's result, or this error (code and message). */
type Reaches = "ok" | { code: string; message: RegExp };
/** The sample server's API address has no listener. */
const NO_GAME_SERVER: Reaches = { code: "GAME_SERVER", message: /Сервер недоступний/ };
const CUP_BRACKET = { format: "single_elimination", bestOf: 1, finalBestOf: 1 } as const;
const NO_CUP: Reaches = { code: "NOT_FOUND", message: /^Кубок не знайдено\.$/ };
const NO_CUP_MATCH: Reaches = { code: "NOT_FOUND", message: /^Матч кубка не знайдено\.$/ };
/** The matrix's world has no tournament. */
const NO_TOURNAMENT: Reaches = { code: "NOT_FOUND", message: /^Активний турнір не знайдено\.$/ };

interface Row {
  level: Level;
  args: (ids: Ids) => Record<string, unknown>;
  /** For allowed callers; "ok" when left out. */
  reaches?: Reaches;
}

/**
 * The panel's server actions: each row follows its declaration (gameServer/actions.ts), whose
 * access decides the level and whose sample input reaches the (absent) game server.
 */
const PANEL_ACTION_ROWS: Record<string, Row> = Object.fromEntries(
  PANEL_ACTIONS.map((name): [string, Row] => {
    const { access, sample } = declarationOf(name);
    return [
      `serverControl:${name}`,
      {
        level: access,
        args: (i) => ({ serverId: i.serverId, ...sample }),
        reaches: NO_GAME_SERVER,
      },
    ];
  }),
);

/** Level, sample arguments and expected outcome of every public function. */
const MATRIX: Record<string, Row> = {
  ...PANEL_ACTION_ROWS,
  "servers:list": { level: "public", args: () => ({}) },
  "live:status": { level: "public", args: (i) => ({ serverId: i.serverId }) },
  "live:dashboard": { level: "public", args: (i) => ({ serverId: i.serverId }) },
  "live:gotv": { level: "public", args: (i) => ({ serverId: i.serverId }) },
  "live:playerList": { level: "public", args: (i) => ({ serverId: i.serverId }) },
  "live:connectTargets": { level: "public", args: () => ({}) },
  "steamData:profiles": { level: "public", args: () => ({ steamIds: [STEAM] }) },
  "steamData:workshopTitle": {
    level: "public",
    args: () => ({ mapName: "workshop/3070549948/aim_map" }),
  },
  "live:heartbeat": {
    level: "public",
    args: (i) => ({ serverId: i.serverId, viewerId: "viewer-12345678" }),
  },
  "users:me": { level: "public", args: () => ({}) },
  "settings:get": { level: "public", args: () => ({}) },
  "serverControl:toggles": { level: "public", args: (i) => ({ serverId: i.serverId }) },
  "tournament:get": { level: "public", args: () => ({}) },
  "tournament:list": { level: "public", args: () => ({}) },
  "tournament:clock": { level: "public", args: () => ({}) },
  "tournament:listArchived": { level: "public", args: () => page },
  "tournament:me": {
    level: "session",
    args: (i) => ({ sessionId: "matrix-session", tournamentId: i.tournamentId }),
  },
  "tournament:join": {
    level: "session",
    args: (i) => ({
      sessionId: "matrix-session",
      tournamentId: i.tournamentId,
      team: "teamA",
      nickname: "Player",
    }),
    reaches: NO_TOURNAMENT,
  },
  "tournament:ready": {
    level: "session",
    args: (i) => ({ sessionId: "matrix-session", tournamentId: i.tournamentId }),
    reaches: NO_TOURNAMENT,
  },
  "tournament:seen": {
    level: "session",
    args: (i) => ({ sessionId: "matrix-session", tournamentId: i.tournamentId }),
  },
  "tournament:leave": {
    level: "session",
    args: (i) => ({ sessionId: "matrix-session", tournamentId: i.tournamentId }),
    reaches: NO_TOURNAMENT,
  },
  "tournament:ban": {
    level: "session",
    args: (i) => ({
      sessionId: "matrix-session",
      tournamentId: i.tournamentId,
      map: "de_nuke",
      expectedStep: 0,
    }),
    reaches: NO_TOURNAMENT,
  },
  "tournament:pickMap": {
    level: "session",
    args: (i) => ({
      sessionId: "matrix-session",
      tournamentId: i.tournamentId,
      map: "de_nuke",
      expectedStep: 0,
    }),
    reaches: NO_TOURNAMENT,
  },
  "tournament:pickSide": {
    level: "session",
    args: (i) => ({
      sessionId: "matrix-session",
      tournamentId: i.tournamentId,
      side: "CT",
      expectedStep: 5,
    }),
    reaches: NO_TOURNAMENT,
  },
  "users:store": { level: "signedIn", args: () => ({}) },
  "cups:bracket": { level: "public", args: () => ({ slug: "nope" }) },
  "cups:list": { level: "public", args: () => ({}) },
  "cups:mine": { level: "signedIn", args: (i) => ({ cupId: i.cupId }) },
  "cups:createTeam": {
    level: "signedIn",
    args: (i) => ({ cupId: i.cupId, name: "x", tag: "x" }),
    reaches: NO_CUP,
  },
  "cups:joinTeam": {
    level: "signedIn",
    args: () => ({ inviteCode: "x" }),
    reaches: { code: "NOT_FOUND", message: /^Запрошення недійсне\.$/ },
  },
  "cups:checkIn": {
    level: "signedIn",
    args: (i) => ({ matchId: i.cupMatchId }),
    reaches: NO_CUP_MATCH,
  },
  "cups:proposeTime": {
    level: "signedIn",
    args: (i) => ({ matchId: i.cupMatchId, at: 1 }),
    reaches: NO_CUP_MATCH,
  },
  "cups:acceptTime": {
    level: "signedIn",
    args: (i) => ({ matchId: i.cupMatchId }),
    reaches: NO_CUP_MATCH,
  },
  "cupAdmin:create": {
    level: "admin",
    args: (i) => ({
      name: "Кубок",
      bracket: CUP_BRACKET,
      seeding: "random",
      veto: presetFormat("default"),
      serverIds: [i.serverId],
      teamsMax: 8,
      checkInMinutes: 10,
      startDelayMinutes: 15,
      noShowWalkover: true,
    }),
  },
  "cupAdmin:addTeam": {
    level: "admin",
    args: (i) => ({ cupId: i.cupId, name: "x", tag: "x", steamIds: [STEAM] }),
    reaches: NO_CUP,
  },
  "cupAdmin:start": { level: "admin", args: (i) => ({ cupId: i.cupId }), reaches: NO_CUP },
  "cupAdmin:archive": { level: "admin", args: (i) => ({ cupId: i.cupId }), reaches: NO_CUP },
  "cupAdmin:matchChange": {
    level: "admin",
    args: (i) => ({ matchId: i.cupMatchId, change: { kind: "replay" } }),
    reaches: NO_CUP_MATCH,
  },
  "cupAdmin:reschedule": {
    level: "admin",
    args: (i) => ({ matchId: i.cupMatchId, startAt: 1 }),
    reaches: NO_CUP_MATCH,
  },
  "cupAdmin:moveServer": {
    level: "admin",
    args: (i) => ({ matchId: i.cupMatchId, toServerId: i.serverId }),
    reaches: NO_CUP_MATCH,
  },
  "cupAdmin:stalls": {
    level: "adminRead",
    args: (i) => ({ cupId: i.cupId }),
    reaches: NO_CUP,
  },
  "cupAdmin:preview": {
    level: "adminRead",
    args: (i) => ({ matchId: i.cupMatchId, change: { kind: "replay" } }),
    reaches: NO_CUP_MATCH,
  },
  "steamLink:begin": { level: "signedIn", args: () => ({}) },
  "steamLink:finish": {
    level: "signedIn",
    args: () => ({ state: "0".repeat(48) }),
    reaches: { code: "NOT_FOUND", message: /^Посилання для прив'язки Steam застаріло/ },
  },
  "steamLink:unlink": {
    level: "signedIn",
    args: () => ({}),
    reaches: { code: "CONFLICT", message: /не прив'язано Steam/ },
  },
  "steamLink:verified": { level: "public", args: () => ({ steamId: STEAM }) },
  "audit:list": { level: "adminRead", args: () => page },
  "audit:exportCsv": {
    level: "adminRead",
    args: () => ({ ...page, filters: { outcome: "unauthorized", from: 0 } }),
  },
  "servers:adminList": { level: "adminRead", args: () => ({}) },
  "recovery:latest": { level: "adminRead", args: (i) => ({ serverId: i.serverId }) },
  "health:of": { level: "adminRead", args: (i) => ({ serverId: i.serverId }) },
  "backups:notice": { level: "adminRead", args: (i) => ({ serverId: i.serverId }) },
  "users:list": { level: "adminRead", args: () => ({}) },
  "servers:save": { level: "admin", args: (i) => ({ serverId: i.serverId, disabled: false }) },
  "servers:remove": {
    level: "admin",
    args: (i) => ({ serverId: i.serverId }),
    // The fixture's server is enabled: an admin reaches the rule, nothing is deleted.
    reaches: { code: "CONFLICT", message: /вимкніть сервер/ },
  },
  "settings:setGuestAdmin": { level: "admin", args: () => ({ enabled: true }) },
  "users:setAdmin": { level: "admin", args: (i) => ({ userId: i.userId, isAdmin: true }) },
  "moderation:kick": {
    level: "moderator",
    args: (i) => ({ serverId: i.serverId, steamId: STEAM }),
    reaches: NO_GAME_SERVER,
  },
  "moderation:ban": {
    level: "moderator",
    args: (i) => ({ serverId: i.serverId, steamId: STEAM, duration: 60, reason: "Чити" }),
    reaches: NO_GAME_SERVER,
  },
  "moderation:unban": {
    level: "moderator",
    args: (i) => ({ serverId: i.serverId, steamId: STEAM }),
    reaches: NO_GAME_SERVER,
  },
  "moderation:banList": {
    level: "moderator",
    args: (i) => ({ serverId: i.serverId }),
    reaches: NO_GAME_SERVER,
  },
  ...Object.fromEntries(
    (["mute", "gag", "silence"] as const).flatMap((kind) => [
      [
        `moderation:${kind}`,
        {
          level: "moderator",
          args: (i: Ids) => ({
            serverId: i.serverId,
            steamId: STEAM,
            duration: 60,
            reason: "Образи",
          }),
          // The test server does not run CS2-SimpleAdmin: refused before anything is sent.
          reaches: { code: "INVALID_INPUT", message: /не позначено CS2-SimpleAdmin/ },
        },
      ],
      [
        `moderation:un${kind}`,
        {
          level: "moderator",
          args: (i: Ids) => ({ serverId: i.serverId, steamId: STEAM }),
          reaches: { code: "INVALID_INPUT", message: /не позначено CS2-SimpleAdmin/ },
        },
      ],
    ]),
  ),
  "moderation:serverHistory": {
    level: "moderatorRead",
    args: (i) => ({ serverId: i.serverId, ...page }),
  },
  "moderation:activeComms": {
    level: "moderatorRead",
    args: (i) => ({ serverId: i.serverId, ...page }),
  },
  "moderation:randomPlayers": {
    level: "admin",
    args: (i) => ({ serverId: i.serverId, count: 1 }),
    reaches: { code: "INVALID_INPUT", message: /^Недостатньо гравців для вибору/ },
  },
  "history:matches": { level: "public", args: () => page },
  "history:match": { level: "public", args: () => ({ id: "no-such-match" }) },
  "history:career": { level: "public", args: () => ({ steamId: STEAM }) },
  "history:careerMatchList": { level: "public", args: () => ({ steamId: STEAM, ...page }) },
  "history:careerSeasonList": { level: "public", args: () => ({ steamId: STEAM }) },
  "history:seasonList": { level: "public", args: () => ({}) },
  "history:leaderboard": {
    level: "public",
    args: () => ({ criterion: "kills", season: "all", offset: 0, limit: 10 }),
  },
  "history:voidMatch": {
    level: "admin",
    args: () => ({ matchId: "no-such-match" }),
    reaches: { code: "NOT_FOUND", message: /^Матч не знайдено\.$/ },
  },
  "demos:ofMatch": { level: "public", args: () => ({ matchId: "no-such-match" }) },
  "demos:adminOfMatch": { level: "adminRead", args: () => ({ matchId: "no-such-match" }) },
  "demos:adminList": { level: "adminRead", args: () => ({}) },
  "demos:setHidden": {
    level: "admin",
    args: () => ({ demoId: "no-such-demo", hidden: true }),
    reaches: { code: "NOT_FOUND", message: /^Демо не знайдено\.$/ },
  },
  "demos:setPinned": {
    level: "admin",
    args: () => ({ demoId: "no-such-demo", pinned: true }),
    reaches: { code: "NOT_FOUND", message: /^Демо не знайдено\.$/ },
  },
  "demos:remove": {
    level: "admin",
    args: () => ({ demoId: "no-such-demo" }),
    reaches: { code: "NOT_FOUND", message: /^Демо не знайдено\.$/ },
  },
  "demos:attach": {
    level: "admin",
    args: () => ({ demoId: "no-such-demo", matchId: "no-such-match" }),
    reaches: { code: "NOT_FOUND", message: /^Демо не знайдено\.$/ },
  },
  "demos:setRetention": { level: "admin", args: () => ({ days: 30, capBytes: 1024 ** 3 }) },
  "tournamentAdmin:create": { level: "admin", args: () => ({ format: presetFormat("default") }) },
  "tournamentAdmin:pickSide": {
    level: "admin",
    args: (i) => ({ tournamentId: i.tournamentId, side: "CT", expectedStep: 5 }),
    reaches: NO_TOURNAMENT,
  },
  "tournamentAdmin:adminOp": {
    level: "admin",
    args: (i) => ({ tournamentId: i.tournamentId, op: "pause" }),
    reaches: NO_TOURNAMENT,
  },
  "tournamentAdmin:seatOp": {
    level: "admin",
    args: (i) => ({ tournamentId: i.tournamentId, team: "teamA", nickname: "x", op: "remove" }),
    reaches: NO_TOURNAMENT,
  },
  "tournamentAdmin:rename": {
    level: "admin",
    args: (i) => ({ tournamentId: i.tournamentId, name: "Кубок", teamA: "A", teamB: "B" }),
    reaches: NO_TOURNAMENT,
  },
  "tournamentAdmin:freeIdleSeats": {
    level: "admin",
    args: (i) => ({ tournamentId: i.tournamentId }),
    reaches: NO_TOURNAMENT,
  },
  "tournamentAdmin:seatActivity": {
    level: "adminRead",
    args: (i) => ({ tournamentId: i.tournamentId }),
    reaches: NO_TOURNAMENT,
  },
  "tournamentAdmin:readiness": {
    level: "adminRead",
    args: (i) => ({ tournamentId: i.tournamentId, serverId: i.serverId }),
    reaches: NO_TOURNAMENT,
  },
  "users:setModerator": {
    level: "admin",
    args: (i) => ({ userId: i.userId, isModerator: true }),
  },
  "moderation:saveSettings": {
    level: "admin",
    args: () => ({
      settings: {
        banReasons: ["Чити"],
        kickReasons: ["АФК"],
        banDurations: [60, 0],
        moderatorMaxMinutes: 1440,
        publicBanList: true,
        publicShowsModerator: false,
      },
    }),
  },
  "moderation:settings": { level: "moderatorRead", args: () => ({}) },
  "moderation:history": { level: "moderatorRead", args: () => ({ steamId: STEAM, ...page }) },
  "moderation:flaggedPlayers": {
    level: "moderatorRead",
    args: (i) => ({ serverId: i.serverId }),
  },
  "conduct:settings": { level: "moderatorRead", args: () => ({}) },
  "conduct:saveSettings": {
    level: "admin",
    args: () => ({
      settings: {
        chatRetentionDays: 30,
        warnThreshold: 3,
        warnPeriodDays: 30,
        warnExpiryDays: 30,
        escalationKind: "ban",
        escalationMinutes: 1440,
        escalationMode: "propose",
        recordShowsNames: false,
      },
    }),
  },
  "conduct:chat": { level: "moderatorRead", args: () => page },
  "conduct:reports": { level: "moderatorRead", args: () => ({ status: "open", ...page }) },
  "conduct:claimReport": {
    level: "moderator",
    args: (i) => ({ reportId: i.reportId }),
    reaches: { code: "NOT_FOUND", message: /^Скаргу не знайдено\.$/ },
  },
  "conduct:resolveReport": {
    level: "moderator",
    args: (i) => ({ reportId: i.reportId, decision: "ok" }),
    reaches: { code: "NOT_FOUND", message: /^Скаргу не знайдено\.$/ },
  },
  "conduct:rejectReport": {
    level: "moderator",
    args: (i) => ({ reportId: i.reportId, decision: "no" }),
    reaches: { code: "NOT_FOUND", message: /^Скаргу не знайдено\.$/ },
  },
  "conduct:reportPlayer": {
    level: "signedIn",
    args: () => ({ steamId: STEAM, reason: "wallhack" }),
    reaches: { code: "CONFLICT", message: /прив'яжіть Steam/ },
  },
  "conduct:myReports": { level: "signedIn", args: () => ({}) },
  "conduct:warn": {
    level: "moderator",
    args: (i) => ({ serverId: i.serverId, steamId: STEAM, reason: "Образи" }),
  },
  "conduct:applyEscalation": {
    level: "moderator",
    args: (i) => ({ serverId: i.serverId, warningId: i.warningId }),
    reaches: { code: "NOT_FOUND", message: /^Попередження не знайдено\.$/ },
  },
  "conduct:dismissEscalation": {
    level: "moderator",
    args: (i) => ({ warningId: i.warningId, reason: "ні" }),
    reaches: { code: "NOT_FOUND", message: /^Попередження не знайдено\.$/ },
  },
  "conduct:warnings": { level: "moderatorRead", args: () => ({ steamId: STEAM }) },
  "conduct:escalations": { level: "moderatorRead", args: () => ({}) },
  "conduct:myRecord": { level: "signedIn", args: () => ({}) },
  "conduct:appeal": {
    level: "signedIn",
    args: () => ({ sanctionId: "nope", text: "Це був не я" }),
    reaches: { code: "CONFLICT", message: /прив'яжіть Steam/ },
  },
  "conduct:appeals": { level: "moderatorRead", args: () => ({ status: "open", ...page }) },
  "conduct:decideAppeal": {
    level: "moderator",
    args: (i) => ({ serverId: i.serverId, appealId: i.appealId, accept: false, reason: "ні" }),
    reaches: { code: "NOT_FOUND", message: /^Апеляцію не знайдено\.$/ },
  },
  "moderation:publicBanListInfo": { level: "public", args: () => ({}) },
  "moderation:publicBans": { level: "public", args: () => page },
  "push:status": { level: "adminRead", args: (i) => ({ serverId: i.serverId }) },
  "push:enable": {
    level: "admin",
    args: (i) => ({ serverId: i.serverId }),
    reaches: NO_GAME_SERVER,
  },
  "push:disable": {
    level: "admin",
    args: (i) => ({ serverId: i.serverId }),
    reaches: NO_GAME_SERVER,
  },
  "serverLog:killFeed": { level: "public", args: (i) => ({ serverId: i.serverId }) },
  "serverLog:status": { level: "adminRead", args: (i) => ({ serverId: i.serverId }) },
  "serverLog:enable": {
    level: "admin",
    args: (i) => ({ serverId: i.serverId }),
    reaches: NO_GAME_SERVER,
  },
  "serverLog:disable": {
    level: "admin",
    args: (i) => ({ serverId: i.serverId }),
    reaches: NO_GAME_SERVER,
  },
  "notifications:webhooks": { level: "adminRead", args: () => ({}) },
  "deployment:setupStatus": { level: "admin", args: () => ({}) },
  "notifications:setWebhook": {
    level: "admin",
    args: () => ({
      kind: "match",
      url: "https://discord.com/api/webhooks/123456789012345678/matrix-token-abcdefghijkl",
    }),
  },
  "notifications:sendTestMessage": {
    level: "admin",
    args: () => ({ kind: "push" }),
    reaches: { code: "NOT_FOUND", message: /^Вебхук не налаштовано\.$/ },
  },
  "notifications:setWebhookLanguage": {
    level: "admin",
    args: () => ({ kind: "push", language: "en" }),
    reaches: { code: "NOT_FOUND", message: /^Вебхук не налаштовано\.$/ },
  },
  "tournamentLaunch:launch": {
    level: "admin",
    args: (i) => ({
      serverId: i.serverId,
      tournamentId: i.tournamentId,
      mode: "wingman",
      mapIndex: 0,
    }),
    reaches: NO_TOURNAMENT,
  },
  // Answers { confirmed: false } when the game server cannot be read: never throws for it.
  "serverControl:readBack": {
    level: "guestAdmin",
    args: (i) => ({ serverId: i.serverId }),
  },
  "recovery:recover": {
    level: "admin",
    args: (i) => ({
      serverId: i.serverId,
      interruptionId: i.interruptionId,
      file: "backup_round01.txt",
    }),
    reaches: { code: "NOT_FOUND", message: /^Перерваний матч на цьому сервері не знайдено\.$/ },
  },
  "backups:list": {
    level: "admin",
    args: (i) => ({ serverId: i.serverId }),
    reaches: NO_GAME_SERVER,
  },
};

type Persona = "anonymous" | "guestAdminOn" | "user" | "moderator" | "admin";
const PERSONAS: Persona[] = ["anonymous", "guestAdminOn", "user", "moderator", "admin"];

function allowed(level: Level, who: Persona): boolean {
  switch (level) {
    case "public":
    case "session":
      return true;
    case "signedIn":
      return who === "user" || who === "moderator" || who === "admin";
    case "moderator":
    case "moderatorRead":
      return who === "moderator" || who === "admin";
    case "admin":
    case "adminRead":
      return who === "admin";
    case "guestAdmin":
      return who === "admin" || who === "guestAdminOn";
  }
}

interface Registered {
  isPublic?: boolean;
  isQuery?: boolean;
  isMutation?: boolean;
  isAction?: boolean;
  exportArgs?: () => string;
}

const modules = import.meta.glob<Record<string, unknown>>(
  ["./**/*.ts", "!./**/*.*.ts", "!./_generated/**"],
  { eager: true },
);

/** The names of a function's top-level `v.string()` arguments, from its exported validator. */
function stringArgs(path: string): string[] {
  const [file, name] = path.split(":") as [string, string];
  const fn = modules[`./${file}.ts`]?.[name] as Registered | undefined;
  const json = JSON.parse(fn?.exportArgs?.() ?? "{}") as {
    value?: Record<string, { fieldType: { type: string } }>;
  };
  return Object.entries(json.value ?? {})
    .filter(([, field]) => field.fieldType.type === "string")
    .map(([key]) => key);
}

function publicFunctions(): Map<string, Kind> {
  const found = new Map<string, Kind>();
  for (const [file, exports] of Object.entries(modules)) {
    const module = file.replace(/^\.\//, "").replace(/\.ts$/, "");
    for (const [name, value] of Object.entries(exports)) {
      const fn = value as Registered | null;
      if (!fn || (typeof fn !== "object" && typeof fn !== "function") || !fn.isPublic) continue;
      found.set(`${module}:${name}`, fn.isQuery ? "query" : fn.isMutation ? "mutation" : "action");
    }
  }
  return found;
}

type Caller = ReturnType<TestConvex["withIdentity"]>;

async function world(): Promise<{ t: TestConvex; ids: Ids; as: Record<Persona, Caller> }> {
  const t = throwingRefusals(setupTest()); // refusals returned as values count as refusals
  const { anonymous, asUser, asAdmin, asModerator } = await personas(t);
  const ids = await t.run(async (ctx) => {
    const serverId = await ctx.db.insert("servers", {
      key: "server1",
      name: "Server #1",
      apiBaseUrl: "http://127.0.0.1:9", // nothing listens: allowed calls fail fast, after the gate
      connectAddress: "127.0.0.1:27015",
      connectionType: "HTTP",
      disabled: false,
      order: 0,
    });
    // A moderator's temporary ban of STEAM: a moderator's unban gets past the role's own rule.
    await ctx.db.insert("sanctions", {
      steamId: STEAM,
      kind: "ban",
      durationMinutes: 60,
      at: 1,
      by: "Maksym",
      byRole: "moderator",
      source: "panel",
    });
    const user = await ctx.db.query("users").first();
    const tournamentId = await ctx.db.insert(
      "tournaments",
      createTournament({ createdBy: "matrix", now: 0 }),
    );
    await ctx.db.delete("tournaments", tournamentId);
    const cupId = await ctx.db.insert("cups", {
      slug: "gone",
      name: "x",
      status: "running",
      archived: false,
      bracket: CUP_BRACKET,
      seeding: "manual",
      veto: presetFormat("default"),
      serverIds: [],
      checkInMinutes: 10,
      startDelayMinutes: 15,
      noShowWalkover: true,
      teamsMax: 8,
      seeds: [],
      createdBy: "matrix",
      createdAt: 0,
    });
    const cupMatchId = await ctx.db.insert("cupMatches", {
      cupId,
      seq: 0,
      key: "F",
      section: "final",
      round: 1,
      order: 1,
      bestOf: 1,
      a: { kind: "seed", seed: 1 },
      b: { kind: "seed", seed: 2 },
      phase: "waiting",
      checkedIn: [],
    });
    await ctx.db.delete("cupMatches", cupMatchId);
    await ctx.db.delete("cups", cupId);
    const reportId = await ctx.db.insert("reports", {
      source: "web",
      kind: "report",
      reporterSteamId: STEAM,
      reporterName: "x",
      reason: "x",
      at: 1,
      chat: [],
      folded: 0,
      reporters: [STEAM],
      status: "open",
    });
    await ctx.db.delete("reports", reportId);
    const interruptionId = await ctx.db.insert("interruptions", {
      serverId,
      state: "open",
      reason: "offline",
      at: 1,
      match: {
        state: "open",
        startedAt: 1,
        mapName: "de_mirage",
        scoreCT: 1,
        scoreT: 0,
        rounds: 1,
        lines: [],
        updatedAt: 1,
      },
    });
    await ctx.db.delete("interruptions", interruptionId);
    const warningId = await ctx.db.insert("warnings", {
      steamId: STEAM,
      reason: "x",
      at: 1,
      expiresAt: 2,
      by: "x",
      byRole: "admin",
      escalation: "proposed",
      count: 1,
    });
    await ctx.db.delete("warnings", warningId);
    const sanctionId = await ctx.db.insert("sanctions", {
      steamId: STEAM,
      kind: "ban",
      at: 1,
      by: "x",
      byRole: "admin",
      source: "panel",
    });
    const appealId = await ctx.db.insert("appeals", {
      sanctionId,
      steamId: STEAM,
      userId: user!._id,
      text: "x",
      at: 1,
      status: "open",
    });
    await ctx.db.delete("appeals", appealId);
    await ctx.db.delete("sanctions", sanctionId);
    return {
      serverId,
      userId: user!._id,
      tournamentId,
      cupId,
      cupMatchId,
      reportId,
      interruptionId,
      warningId,
      appealId,
    };
  });
  return {
    t,
    ids,
    as: {
      anonymous,
      guestAdminOn: anonymous,
      user: asUser,
      moderator: asModerator,
      admin: asAdmin,
    },
  };
}

type Invoke = (ref: unknown, args: unknown) => Promise<unknown>;

/** Runs a function and returns everything its caller would see: result, or error message and data. */
async function observe(client: Caller, kind: Kind, path: string, args: Record<string, unknown>) {
  try {
    return JSON.stringify(await (client[kind] as Invoke)(makeFunctionReference(path), args));
  } catch (error) {
    return JSON.stringify({
      message: (error as Error).message,
      data: (error as { data?: unknown }).data,
    });
  }
}

/** "ok", or the error's code and message; an error that is not ours (a validator's) has no code. */
async function call(client: Caller, kind: Kind, path: string, args: Record<string, unknown>) {
  const ref = makeFunctionReference(path);
  try {
    await (client[kind] as Invoke)(ref, args);
    return "ok" as const;
  } catch (error) {
    const data = (error as { data?: { code?: string; message?: string } }).data;
    return { code: data?.code, message: data?.message ?? (error as Error).message };
  }
}

const REFUSALS = ["FORBIDDEN", "UNAUTHENTICATED"];

describe("permission matrix", () => {
  test("every public function has a row, and every row a public function", () => {
    const found = publicFunctions();
    expect(
      [...found.keys()].filter((p) => !(p in MATRIX)),
      "public functions missing from MATRIX",
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((p) => !found.has(p)),
      "rows without a function",
    ).toEqual([]);
  });

  const found = publicFunctions();
  for (const [path, kind] of found) {
    const row = MATRIX[path];
    if (!row) continue;
    test(`${path} (${row.level})`, async () => {
      for (const who of PERSONAS) {
        const { t, ids, as } = await world();
        await setGuestAdmin(t, who === "guestAdminOn");
        const outcome = await call(as[who], kind, path, row.args(ids));
        const expected = allowed(row.level, who);
        const refused = outcome !== "ok" && REFUSALS.includes(outcome.code ?? "");
        expect(
          refused ? "refused" : "allowed",
          `${path} as ${who}: ${JSON.stringify(outcome)}`,
        ).toBe(expected ? "allowed" : "refused");
        const reaches = row.reaches ?? "ok";
        if (expected) {
          expect(outcome, `${path} as ${who}: the declared outcome`).toEqual(
            reaches === "ok"
              ? "ok"
              : { code: reaches.code, message: expect.stringMatching(reaches.message) },
          );
        }
        const gated =
          row.level === "admin" || row.level === "guestAdmin" || row.level === "moderator";
        if (!expected && gated) {
          const entries = await t.run((ctx) => ctx.db.query("auditLog").collect());
          expect(
            entries.some((e) => e.outcome === "unauthorized"),
            `${path} as ${who}: refusal audited`,
          ).toBe(true);
        }
      }
    });
  }

  test("every client-supplied string is bounded: a 900 KB value is refused before anything runs", async () => {
    const huge = "x".repeat(900_000);
    let probed = 0;
    for (const [path, kind] of found) {
      for (const key of stringArgs(path)) {
        const { t, ids, as } = await world();
        const before = await t.run(async (ctx) => ({
          entrants: (await ctx.db.query("tournamentEntrants").collect()).length,
          presence: (await ctx.db.query("presence").collect()).length,
          audit: (await ctx.db.query("auditLog").collect()).length,
        }));
        for (const who of ["anonymous", "admin"] as const) {
          const outcome = await call(as[who], kind, path, {
            ...MATRIX[path]!.args(ids),
            [key]: huge,
          });
          expect(outcome, `${path}.${key} as ${who}`).toMatchObject({ code: "INVALID_INPUT" });
        }
        const after = await t.run(async (ctx) => ({
          entrants: (await ctx.db.query("tournamentEntrants").collect()).length,
          presence: (await ctx.db.query("presence").collect()).length,
          audit: (await ctx.db.query("auditLog").collect()).length,
        }));
        expect(after, `${path}.${key}: nothing stored`).toEqual(before);
        probed++;
      }
    }
    expect(probed).toBeGreaterThan(20);
  }, 60_000); // every public function × every persona: hundreds of calls, seconds when busy

  test("no public function's result or error ever contains an API key, RCON password, push or log secret", async () => {
    const API_KEY = "SECRET-API-KEY-7f3a9c";
    const RCON = "SECRET-RCON-PASS-42d1e8";
    const PUSH = "5ec7e7".repeat(10) + "beef";
    const LOG = "10c5ec".repeat(10) + "cafe";
    const { t, ids, as } = await world();
    await as.admin.action(makeFunctionReference<"action">("servers:save"), {
      serverId: ids.serverId,
      apiKey: API_KEY,
      rconPassword: RCON,
    });
    await t.run(async (ctx) => {
      const secret = await ctx.db.query("serverSecrets").first();
      expect(secret).toMatchObject({ apiKey: API_KEY, rconPassword: RCON });
      await ctx.db.patch("serverSecrets", secret!._id, { pushSecret: PUSH, logSecret: LOG });
      await ctx.db.insert("serverLogStatus", {
        serverId: ids.serverId,
        enabled: true,
        lastBatchAt: 1,
      });
      await ctx.db.insert("pushStatus", {
        serverId: ids.serverId,
        enabled: true,
        lastEventAt: 1,
        lastEvent: "round_end",
        eventsCount: 1,
      });
      await ctx.db.insert("serverStatus", {
        serverId: ids.serverId,
        online: false,
        livenessAt: 1,
        changedAt: 1,
        lastError: "API Error 401: Unauthorized",
      });
    });
    let observed = 0;
    for (const [path, kind] of found) {
      for (const who of PERSONAS) {
        const seen = await observe(as[who], kind, path, MATRIX[path]!.args(ids));
        expect(seen, `${path} as ${who}`).not.toContain(API_KEY);
        expect(seen, `${path} as ${who}`).not.toContain(RCON);
        expect(seen, `${path} as ${who}`).not.toContain(PUSH);
        expect(seen, `${path} as ${who}`).not.toContain(LOG);
        observed++;
      }
    }
    expect(observed).toBe(found.size * PERSONAS.length);
  }, 60_000); // every public function × every persona: hundreds of calls, seconds when busy
});
