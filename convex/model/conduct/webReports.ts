/**
 * A report from the web: a signed-in user with a linked Steam account reports a player from the
 * player's page or a match page. The match gives its own context (map, score, the player's line,
 * the player's chat in that map); without one, the live server's or the player's recent chat.
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { APPEAL_TEXT_MAX, CONDUCT_REASON_MAX } from "../../lib/conductFields";
import { fail } from "../../lib/errors";
import { RATE_LIMITED_MESSAGE } from "../../lib/rateLimits";
import { isSteamId64 } from "../../lib/steamId";
import { actorOf, type Viewer } from "../../lib/viewer";
import { appendAudit } from "../audit/log";
import { playerSnapshotOf } from "../live/snapshots";
import { chatLineOf } from "./chatLog";
import { fileReport, liveContext, REPORT_CHAT_LINES, type ReportContext } from "./reports";
import { CONDUCT_TEXTS } from "../../lib/texts/conduct";

export const WEB_REPORT_MESSAGES = {
  needsSteam: CONDUCT_TEXTS["refusal.conduct.reportNeedsSteam"],
  badPlayer: CONDUCT_TEXTS["refusal.conduct.badPlayer"],
  self: CONDUCT_TEXTS["refusal.conduct.reportSelf"],
  reason: CONDUCT_TEXTS["refusal.conduct.reportReason"],
  filed: CONDUCT_TEXTS["refusal.conduct.reportFiled"],
  folded: CONDUCT_TEXTS["refusal.conduct.reportFolded"],
} as const;

/** The signed-in user's linked SteamID, or the refusal a player without one gets. */
export function linkedSteamIdOf(viewer: Viewer, message: string): string {
  const steamId = viewer.user?.steamId;
  if (!steamId) fail("CONFLICT", message);
  return steamId;
}

/** A free text from a player: single spaces, no control characters, within `max`. */
export function cleanPlayerText(text: string, max: number, message: string): string {
  if (text.length > Math.max(max, APPEAL_TEXT_MAX) * 4) fail("INVALID_INPUT", message);
  const cleaned = text
    .replace(/[\p{Cc}\p{Cf}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!cleaned || cleaned.length > max) fail("INVALID_INPUT", message);
  return cleaned;
}

export async function reportFromWeb(
  ctx: MutationCtx,
  viewer: Viewer,
  args: { steamId: string; reason: string; matchId?: string; serverId?: Id<"servers"> },
  now: number,
): Promise<{ folded: boolean; message: string }> {
  const reporter = linkedSteamIdOf(viewer, WEB_REPORT_MESSAGES.needsSteam);
  if (!isSteamId64(args.steamId)) fail("INVALID_INPUT", WEB_REPORT_MESSAGES.badPlayer);
  if (args.steamId === reporter) fail("INVALID_INPUT", WEB_REPORT_MESSAGES.self);
  const reason = cleanPlayerText(args.reason, CONDUCT_REASON_MAX, WEB_REPORT_MESSAGES.reason);
  let serverId: Id<"servers"> | undefined;
  let name: string | undefined;
  let context: ReportContext;
  const matchId = args.matchId ? ctx.db.normalizeId("matches", args.matchId) : null;
  const match = matchId ? await ctx.db.get("matches", matchId) : null;
  if (match) {
    serverId = match.serverId;
    const line = match.players.find((p) => p.steamId === args.steamId);
    name = line?.name;
    const chat = await ctx.db
      .query("chatLines")
      .withIndex("by_steamId_and_at", (q) =>
        q.eq("steamId", args.steamId).gte("at", match.startedAt).lte("at", match.endedAt),
      )
      .order("desc")
      .take(REPORT_CHAT_LINES);
    context = {
      map: match.map,
      scoreCT: match.scoreCT,
      scoreT: match.scoreT,
      ...(line
        ? {
            stats: {
              kills: line.kills,
              deaths: line.deaths,
              assists: line.assists,
              headshots: line.headshots,
              adr: line.rounds > 0 ? Math.round(line.damage / line.rounds) : 0,
            },
          }
        : {}),
      chat: chat.reverse().map(chatLineOf),
      matchId: match._id,
    };
  } else if (args.serverId && (await ctx.db.get("servers", args.serverId))) {
    serverId = args.serverId;
    const players = (await playerSnapshotOf(ctx, serverId))?.players ?? [];
    name = players.find((p) => p.steamId === args.steamId)?.name;
    context = await liveContext(ctx, serverId, args.steamId, now);
  } else {
    const chat = await ctx.db
      .query("chatLines")
      .withIndex("by_steamId_and_at", (q) => q.eq("steamId", args.steamId))
      .order("desc")
      .take(REPORT_CHAT_LINES);
    context = { chat: chat.reverse().map(chatLineOf) };
    name = chat[0]?.name;
  }
  const outcome = await fileReport(
    ctx,
    {
      source: "web",
      kind: "report",
      serverId,
      reporterSteamId: reporter,
      reporterName: viewer.user?.steamName ?? viewer.displayName,
      reporterUserId: viewer.user?._id,
      target: { steamId: args.steamId, name: name ?? args.steamId },
      reason,
      context,
    },
    now,
  );
  if (outcome.status === "limited") fail("RATE_LIMITED", RATE_LIMITED_MESSAGE);
  await appendAudit(ctx, {
    ...actorOf(viewer),
    action: "report_web",
    serverId,
    outcome: "success",
    details: `${name ?? args.steamId} (${args.steamId}): ${reason}`,
  });
  const folded = outcome.status === "folded";
  return { folded, message: folded ? WEB_REPORT_MESSAGES.folded : WEB_REPORT_MESSAGES.filed };
}
