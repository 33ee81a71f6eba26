/**
 * Discord notifications: `notify(ctx, event)` is the one entry point. Called in the mutation that
 * records the event, it formats the message and queues it on the `discordPool` workpool; the
 * delivery (`internal.notifications.deliver`) runs later in its own action, so a slow, failing or
 * deleted webhook never slows or fails what the admin did. Each attempt reports back to
 * `internal.notifications.delivered`, which stores the outcome and queues the next attempt itself
 * (workpool's own retries cannot wait for Discord's `retry_after`): backoff on 5xx, timeouts and
 * network errors; at least `retry_after` on 429; given up after MAX_ATTEMPTS.
 *
 * The webhook URL is read only here and in the delivery action, never returned to a client; the
 * queued job carries the webhook's kind and generation, not its URL.
 */
import { Workpool, type RunResult } from "@convex-dev/workpool";
import { components, internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import { env, type MutationCtx, type QueryCtx } from "../../_generated/server";
import { playerSnapshotOf } from "../live/snapshots";
import type { ServerAction } from "../../lib/actionRegistry";
import type { Infer } from "convex/values";
import {
  WEBHOOK_KINDS,
  type vDeliveryJob,
  type WebhookKind,
  type WebhookStatus,
} from "../../lib/discord";
import { fail } from "../../lib/errors";
import type { Actor } from "../../lib/validators";
import { DEFAULT_BACKOFF_MS, nextDelayMs, type AttemptResult } from "./delivery";
import {
  formatMessage,
  testMessage,
  webhookKindOf,
  type DiscordMessage,
  type NotifyEvent,
} from "./format";
import { parseWebhookUrl, WEBHOOK_URL_ERROR } from "./webhookUrl";
import { DEFAULT_LANGUAGE, type Language } from "../../lib/languages";
import { DISCORD_REFUSAL_TEXTS } from "../../lib/texts/discord";

export type { NotifyEvent };

/** Two at a time: Discord allows a webhook about five messages per two seconds. */
export const discordPool = new Workpool(components.discordPool, {
  maxParallelism: 2,
  retryActionsByDefault: false,
});

export type DeliveryJob = Infer<typeof vDeliveryJob>;

async function webhookRow(ctx: QueryCtx, kind: WebhookKind) {
  return await ctx.db
    .query("discordWebhooks")
    .withIndex("by_kind", (q) => q.eq("kind", kind))
    .unique();
}

/** Queues `event` for its webhook, if one is set. Never throws for a notification problem. */
export async function notify(ctx: MutationCtx, event: NotifyEvent): Promise<void> {
  const row = await webhookRow(ctx, webhookKindOf(event));
  if (!row) return;
  const message = formatMessage(event, {
    panelUrl: env.PANEL_URL,
    at: Date.now(),
    language: row.language ?? DEFAULT_LANGUAGE,
  });
  await enqueue(ctx, row, message, 1, 0);
}

async function enqueue(
  ctx: MutationCtx,
  row: Doc<"discordWebhooks">,
  message: DiscordMessage | string,
  attempt: number,
  delayMs: number,
): Promise<void> {
  const job: DeliveryJob = {
    kind: row.kind,
    generation: row.generation,
    payload: typeof message === "string" ? message : JSON.stringify(message),
    attempt,
  };
  try {
    await discordPool.enqueueAction(ctx, internal.notifications.deliver, job, {
      onComplete: internal.notifications.delivered,
      context: job,
      runAfter: delayMs,
    });
  } catch (error) {
    // A queue failure must not roll back what the caller recorded (a ban, a veto step, a status).
    console.error("Discord notification not queued", error);
  }
}

/** The URL to post `job` to, or null when the webhook was removed or changed since it was queued. */
export async function deliveryUrl(ctx: QueryCtx, job: DeliveryJob): Promise<string | null> {
  const row = await webhookRow(ctx, job.kind);
  return row && row.generation === job.generation ? row.url : null;
}

function backoffBaseMs(): number {
  const value = Number(env.DISCORD_RETRY_BASE_MS);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_BACKOFF_MS;
}

/**
 * After one attempt: store its outcome for the settings screen and queue the next one when it
 * should be retried. `result` is workpool's: an action that threw counts as a network error.
 */
export async function recordAttempt(
  ctx: MutationCtx,
  job: DeliveryJob,
  result: RunResult,
): Promise<void> {
  if (result.kind === "canceled") return;
  const attempt: AttemptResult | null =
    result.kind === "failed"
      ? { state: "retry", error: "admin.discord.error.delivery" }
      : (result.returnValue as AttemptResult | null);
  if (attempt === null) return; // the webhook changed: the old message is not delivered
  const row = await webhookRow(ctx, job.kind);
  if (!row || row.generation !== job.generation) return;
  const delay = nextDelayMs(attempt, job.attempt, backoffBaseMs());
  const state = attempt.state === "ok" ? "ok" : delay === null ? "failed" : "retrying";
  await ctx.db.patch("discordWebhooks", row._id, {
    lastAt: Date.now(),
    lastState: state,
    lastHttpStatus: attempt.httpStatus,
    lastError: attempt.state === "ok" ? undefined : attempt.error,
  });
  if (delay !== null) await enqueue(ctx, row, job.payload, job.attempt + 1, delay);
}

// ---- Settings ----

export async function webhookStatuses(ctx: QueryCtx): Promise<WebhookStatus[]> {
  const rows = await ctx.db.query("discordWebhooks").take(WEBHOOK_KINDS.length * 2);
  return WEBHOOK_KINDS.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    return {
      kind,
      configured: !!row,
      language: row?.language ?? DEFAULT_LANGUAGE,
      lastAt: row?.lastAt ?? null,
      lastState: row?.lastState ?? null,
      lastHttpStatus: row?.lastHttpStatus ?? null,
      lastError: row?.lastError ?? null,
    };
  });
}

/** Sets (or with "" removes) the webhook of `kind`; refuses a URL that is not a Discord webhook. */
export async function saveWebhook(ctx: MutationCtx, kind: WebhookKind, raw: string): Promise<void> {
  const row = await webhookRow(ctx, kind);
  if (raw.trim() === "") {
    if (row) await ctx.db.delete("discordWebhooks", row._id);
    return;
  }
  const url = parseWebhookUrl(raw, env.DISCORD_WEBHOOK_ORIGIN);
  if (!url) fail("INVALID_INPUT", WEBHOOK_URL_ERROR);
  const fields = { url, updatedAt: Date.now(), generation: (row?.generation ?? 0) + 1 };
  const reset = {
    lastAt: undefined,
    lastState: undefined,
    lastHttpStatus: undefined,
    lastError: undefined,
  };
  if (row) await ctx.db.patch("discordWebhooks", row._id, { ...fields, ...reset });
  else await ctx.db.insert("discordWebhooks", { kind, ...fields });
}

/** Queues the test message for `kind`; refuses when no webhook is set. */
export async function sendTest(ctx: MutationCtx, kind: WebhookKind): Promise<void> {
  const row = await webhookRow(ctx, kind);
  if (!row) fail("NOT_FOUND", DISCORD_REFUSAL_TEXTS["refusal.discord.notConfigured"]);
  await enqueue(ctx, row, testMessage(kind, Date.now(), row.language ?? DEFAULT_LANGUAGE), 1, 0);
}

/** Sets the language the messages of `kind`'s webhook are written in; refuses when none is set. */
export async function saveWebhookLanguage(
  ctx: MutationCtx,
  kind: WebhookKind,
  language: Language,
): Promise<void> {
  const row = await webhookRow(ctx, kind);
  if (!row) fail("NOT_FOUND", DISCORD_REFUSAL_TEXTS["refusal.discord.notConfigured"]);
  await ctx.db.patch("discordWebhooks", row._id, { language });
}

// ---- Where events happen (one-line calls from the flows) ----

/**
 * In the commit of an accepted server action: ban, kick, unban and the MatchZy push switch are
 * announced (the player named when he is connected).
 */
export async function notifyServerAction(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  action: ServerAction,
  actor: Actor,
): Promise<void> {
  const admin = actor.username;
  // A moderator's action is titled as one in Discord.
  const byModerator = actor.identity === "moderator" ? true : undefined;
  if (action.kind !== "pushEnable" && action.kind !== "pushDisable" && !("steamId" in action)) {
    return;
  }
  const serverName = (await ctx.db.get("servers", serverId))?.name ?? "";
  if (action.kind === "pushEnable" || action.kind === "pushDisable") {
    const kind = action.kind === "pushEnable" ? "pushEnabled" : "pushDisabled";
    await notify(ctx, { kind, admin, serverName });
    return;
  }
  if (action.kind !== "ban" && action.kind !== "kick" && action.kind !== "unban") return;
  const { steamId } = action;
  const snapshot = await playerSnapshotOf(ctx, serverId);
  const playerName = snapshot?.players.find((p) => p.steamId === steamId)?.name;
  await notify(
    ctx,
    action.kind === "ban"
      ? {
          kind: "ban",
          admin,
          serverName,
          steamId,
          playerName,
          durationMinutes: action.duration,
          reason: action.reason,
          byModerator,
        }
      : { kind: action.kind, admin, byModerator, serverName, steamId, playerName },
  );
}

/**
 * How long a server must stay offline (or online again) before Discord hears of it: a server whose
 * polls fail now and then must not post a message per flip.
 */
export const SERVER_STATE_HOLD_MS = 60_000;

/**
 * The poller saw a server go offline or come back (not its first poll). Only schedules a check:
 * `confirmServerState` announces the state if it still holds after SERVER_STATE_HOLD_MS.
 */
export async function notifyServerState(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  online: boolean,
): Promise<void> {
  await ctx.scheduler.runAfter(SERVER_STATE_HOLD_MS, internal.notifications.confirmServerState, {
    serverId,
    online,
  });
}

/**
 * Announces `online` when the server has held that state for SERVER_STATE_HOLD_MS and it differs
 * from the last state announced. The first state ever seen is announced only when it is offline.
 */
export async function confirmServerState(
  ctx: MutationCtx,
  serverId: Id<"servers">,
  online: boolean,
  now: number,
): Promise<void> {
  const status = await ctx.db
    .query("serverStatus")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
  if (!status || status.online !== online || now - status.changedAt < SERVER_STATE_HOLD_MS) return;
  const announced = await ctx.db
    .query("discordServerStates")
    .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
    .unique();
  if (announced?.online === online) return;
  if (announced) await ctx.db.patch("discordServerStates", announced._id, { online });
  else await ctx.db.insert("discordServerStates", { serverId, online });
  if (!announced && online) return;
  const server = await ctx.db.get("servers", serverId);
  if (!server) return;
  await notify(ctx, { kind: online ? "serverOnline" : "serverOffline", serverName: server.name });
}

type Tournament = Pick<
  Doc<"tournaments">,
  "status" | "finalMap" | "serverMap" | "teamA" | "teamB" | "name"
>;

/** A veto step finished the tournament's map choice. */
export async function notifyTournamentStep(
  ctx: MutationCtx,
  before: Tournament,
  after: Tournament,
): Promise<void> {
  if (before.status === "finished" || after.status !== "finished") return;
  await notify(ctx, {
    kind: "tournamentFinished",
    finalMap: after.finalMap,
    teamA: after.teamA.players.map((p) => p.nickname),
    teamB: after.teamB.players.map((p) => p.nickname),
    tournament: after.name,
    teamAName: after.teamA.name,
    teamBName: after.teamB.name,
  });
}

export async function notifyTournamentLaunched(
  ctx: MutationCtx,
  t: Tournament,
  launch: { admin: string; mode: string; map?: string; serverId?: Id<"servers"> },
): Promise<void> {
  const server = launch.serverId ? await ctx.db.get("servers", launch.serverId) : null;
  await notify(ctx, {
    kind: "tournamentLaunched",
    admin: launch.admin,
    mode: launch.mode,
    map: launch.map ?? t.serverMap ?? t.finalMap ?? "—",
    serverName: server?.name ?? "—",
    teams: `${t.name ? `${t.name}: ` : ""}${t.teamA.name} — ${t.teamB.name}`,
  });
}
