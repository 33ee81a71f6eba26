/**
 * Reports of players: from the game (`!report <name> <reason>` and `!calladmin [reason]` typed in
 * chat, read from CS2's log) and from the web (a Steam-linked user, from a player's or a match
 * page). A report carries its context as it was when it came: the server, map, round and score,
 * the reported player's numbers in that map and the chat lines before it. Reports of one player
 * on one server fold into the undecided one; reporters are rate-limited one by one and together.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { CONDUCT_NAME_MAX, CONDUCT_REASON_MAX, type ChatLine } from "../../lib/conductFields";
import { cutText } from "../../lib/gameBounds";
import { rateLimiter } from "../../lib/rateLimits";
import { isSteamId64 } from "../../lib/steamId";
import { matchSnapshotOf, playerSnapshotOf } from "../live/snapshots";
import { notify } from "../notifications/notify";
import { chatBefore } from "./chatLog";

/** Chat lines a report keeps from before it. */
export const REPORT_CHAT_LINES = 12;
/** Reporters a folded report names at most (the count goes on). */
export const REPORT_FOLD_MAX = 20;
/** Chat commands read from one batch at most. */
const COMMANDS_PER_BATCH = 5;

export type ChatCommand =
  { kind: "report"; words: string[] } | { kind: "calladmin"; reason: string };

/** `!report …` / `!calladmin …` (also with `.` or `/`, as players type them), or null. */
export function readChatCommand(text: string): ChatCommand | null {
  const m = /^[!./](report|calladmin)(?:\s+([\s\S]*))?$/i.exec(text.trim());
  if (!m) return null;
  const rest = (m[2] ?? "").trim();
  if (m[1]!.toLowerCase() === "calladmin") return { kind: "calladmin", reason: rest };
  return { kind: "report", words: rest.split(/\s+/).filter(Boolean) };
}

export interface KnownPlayer {
  steamId: string;
  name: string;
}

/**
 * Whom `!report <name> <reason>` names, among the players the server shows: the longest run of
 * leading words that is exactly one player's name (any case), else a first word that only one
 * name contains. The rest is the reason. Never the reporter; null when nobody or several match.
 */
export function pickTarget(
  words: string[],
  players: KnownPlayer[],
  reporterSteamId: string,
): { player: KnownPlayer; reason: string } | null {
  const others = players.filter((p) => p.steamId !== reporterSteamId);
  const lower = (s: string) => s.toLocaleLowerCase("uk");
  for (let i = Math.min(words.length, 8); i >= 1; i--) {
    const name = lower(words.slice(0, i).join(" "));
    const found = others.filter((p) => lower(p.name) === name);
    if (found.length === 1) return { player: found[0]!, reason: words.slice(i).join(" ") };
  }
  const first = words[0] ? lower(words[0]) : "";
  if (first.length < 2) return null;
  const found = others.filter((p) => lower(p.name).includes(first));
  return found.length === 1 ? { player: found[0]!, reason: words.slice(1).join(" ") } : null;
}

/** The players a server shows now: the player list and the log's scoreboard, real ones only. */
async function playersOn(ctx: QueryCtx, serverId: Id<"servers">): Promise<KnownPlayer[]> {
  const players = (await playerSnapshotOf(ctx, serverId))?.players ?? [];
  const board = (await matchSnapshotOf(ctx, serverId))?.board ?? [];
  const seen = new Map<string, KnownPlayer>();
  for (const p of [...players, ...board]) {
    if (isSteamId64(p.steamId) && !seen.has(p.steamId)) {
      seen.set(p.steamId, { steamId: p.steamId, name: p.name });
    }
  }
  return [...seen.values()];
}

export interface ReportContext {
  map?: string;
  round?: number;
  scoreCT?: number;
  scoreT?: number;
  stats?: Doc<"reports">["stats"];
  chat: ChatLine[];
  matchId?: string;
}

/** The live context of a server at `at`: map, round, score, the player's line, the chat before. */
export async function liveContext(
  ctx: QueryCtx,
  serverId: Id<"servers">,
  targetSteamId: string | undefined,
  at: number,
): Promise<ReportContext> {
  const snapshot = await matchSnapshotOf(ctx, serverId);
  const chat = await chatBefore(ctx, serverId, at, REPORT_CHAT_LINES);
  if (!snapshot) return { chat };
  const { match } = snapshot;
  const line = targetSteamId ? snapshot.board?.find((l) => l.steamId === targetSteamId) : undefined;
  const player = targetSteamId
    ? (await playerSnapshotOf(ctx, serverId))?.players.find((p) => p.steamId === targetSteamId)
    : undefined;
  const stats = line
    ? { kills: line.kills, deaths: line.deaths, assists: line.assists, adr: line.adr }
    : player && !player.statsUnknown
      ? {
          kills: player.kills,
          deaths: player.deaths,
          assists: player.assists,
          headshots: player.headshots,
        }
      : undefined;
  const known = !match.unknown?.includes("score");
  return {
    map: match.mapName,
    ...(match.round !== undefined ? { round: match.round } : {}),
    ...(known ? { scoreCT: match.scoreCT, scoreT: match.scoreT } : {}),
    ...(stats ? { stats } : {}),
    chat,
  };
}

export interface NewReport {
  source: "game" | "web";
  kind: "report" | "calladmin";
  serverId?: Id<"servers">;
  reporterSteamId: string;
  reporterName: string;
  reporterUserId?: Id<"users">;
  target?: KnownPlayer;
  reason: string;
  context: ReportContext;
}

export type FileOutcome =
  | { status: "filed"; id: Id<"reports"> }
  | { status: "folded"; id: Id<"reports"> }
  | { status: "limited"; retryAfter: number };

async function undecidedOf(
  ctx: QueryCtx,
  serverId: Id<"servers"> | undefined,
  targetSteamId: string | undefined,
) {
  for (const status of ["open", "claimed"] as const) {
    const row = await ctx.db
      .query("reports")
      .withIndex("by_serverId_and_targetSteamId_and_status", (q) =>
        q.eq("serverId", serverId).eq("targetSteamId", targetSteamId).eq("status", status),
      )
      .first();
    if (row) return row;
  }
  return null;
}

/**
 * Files a report, or folds it into the undecided one about the same player on the same server
 * (a reporter counted once). Past the reporter's or everyone's budget nothing is written.
 */
export async function fileReport(
  ctx: MutationCtx,
  r: NewReport,
  now: number,
): Promise<FileOutcome> {
  const own = await rateLimiter.limit(ctx, "reportPerReporter", { key: r.reporterSteamId });
  if (!own.ok) return { status: "limited", retryAfter: own.retryAfter };
  const all = await rateLimiter.limit(ctx, "reportsAll");
  if (!all.ok) return { status: "limited", retryAfter: all.retryAfter };
  const reason = cutText(r.reason.replace(/\s+/g, " ").trim(), CONDUCT_REASON_MAX);
  const existing = await undecidedOf(ctx, r.serverId, r.target?.steamId);
  if (existing) {
    if (!existing.reporters.includes(r.reporterSteamId)) {
      await ctx.db.insert("reportFilings", {
        reportId: existing._id,
        steamId: r.reporterSteamId,
        reason,
        at: now,
      });
      await ctx.db.patch("reports", existing._id, {
        folded: existing.folded + 1,
        ...(existing.reporters.length < REPORT_FOLD_MAX
          ? { reporters: [...existing.reporters, r.reporterSteamId] }
          : {}),
      });
    }
    return { status: "folded", id: existing._id };
  }
  const server = r.serverId ? await ctx.db.get("servers", r.serverId) : null;
  const id = await ctx.db.insert("reports", {
    source: r.source,
    kind: r.kind,
    ...(r.serverId ? { serverId: r.serverId, serverName: server?.name } : {}),
    reporterSteamId: r.reporterSteamId,
    reporterName: cutText(r.reporterName, CONDUCT_NAME_MAX),
    ...(r.reporterUserId ? { reporterUserId: r.reporterUserId } : {}),
    ...(r.target
      ? { targetSteamId: r.target.steamId, targetName: cutText(r.target.name, CONDUCT_NAME_MAX) }
      : {}),
    reason,
    at: now,
    ...r.context,
    folded: 0,
    reporters: [r.reporterSteamId],
    status: "open",
  });
  await ctx.db.insert("reportFilings", {
    reportId: id,
    steamId: r.reporterSteamId,
    reason,
    at: now,
  });
  await notify(ctx, {
    kind: "report",
    calladmin: r.kind === "calladmin",
    source: r.source,
    serverName: server?.name,
    reporterName: r.reporterName,
    targetSteamId: r.target?.steamId,
    targetName: r.target?.name,
    reason: reason || "—",
    round: r.context.round,
    scoreCT: r.context.scoreCT,
    scoreT: r.context.scoreT,
  });
  return { status: "filed", id };
}

/**
 * The reports typed in a batch's new chat lines: each names a player the server shows (or calls
 * an admin); one that names nobody, or the reporter, files nothing.
 */
export async function reportsFromChat(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  lines: Doc<"chatLines">[],
  now: number,
): Promise<FileOutcome[]> {
  const commands = lines
    .map((line) => ({ line, command: readChatCommand(line.text) }))
    .filter((c) => c.command !== null)
    .slice(0, COMMANDS_PER_BATCH);
  if (commands.length === 0) return [];
  const players = await playersOn(ctx, serverId);
  const out: FileOutcome[] = [];
  for (const { line, command } of commands) {
    const reporter = { reporterSteamId: line.steamId, reporterName: line.name };
    if (command!.kind === "calladmin") {
      const context = await liveContext(ctx, serverId, undefined, line.at);
      out.push(
        await fileReport(
          ctx,
          {
            source: "game",
            kind: "calladmin",
            serverId,
            ...reporter,
            reason: command!.reason,
            context,
          },
          now,
        ),
      );
      continue;
    }
    const picked = pickTarget(command!.words, players, line.steamId);
    if (!picked) continue;
    const context = await liveContext(ctx, serverId, picked.player.steamId, line.at);
    out.push(
      await fileReport(
        ctx,
        {
          source: "game",
          kind: "report",
          serverId,
          ...reporter,
          target: picked.player,
          reason: picked.reason,
          context,
        },
        now,
      ),
    );
  }
  return out;
}

/** The recorded map a report came from (its match page has the demo), when it was recorded. */
export async function recordedMatchOf(
  ctx: QueryCtx,
  report: Pick<Doc<"reports">, "serverId" | "at" | "matchId">,
): Promise<string | null> {
  if (report.matchId) return report.matchId;
  if (!report.serverId) return null;
  const match = await ctx.db
    .query("matches")
    .withIndex("by_serverId_and_voided_and_endedAt", (q) =>
      q.eq("serverId", report.serverId!).eq("voided", false).gte("endedAt", report.at),
    )
    .first();
  return match && match.startedAt <= report.at ? match._id : null;
}
