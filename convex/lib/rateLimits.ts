/**
 * Rate limits for anonymous writes. Anyone can mint session ids, so every per-session limit is
 * paired with a global one.
 *
 * The limiter is transactional: a mutation that throws rolls its token back. So a limit that must
 * count refused calls too is taken where a refusal does not throw: in the gate mutation that runs
 * before an admin action (model/capability/callGate.ts), or in a write whose refusals are returned as values
 * (`refusalAsValue`).
 */
import { BACKEND_TEXTS } from "./messages";
import { MINUTE, RateLimiter } from "@convex-dev/rate-limiter";
import { components } from "../_generated/api";
import type { MutationCtx } from "../_generated/server";
import { fail } from "./errors";

/**
 * A shared link opens one server in dozens of tabs at once. Each new tab draws from the bucket its
 * own id hashes to, so two joins contend only when they land in the same one: a transaction reads
 * and writes one small document (two when its own is dry), never one that every join touches.
 * The library's own sharding cannot give that: past two shards it also reads a second, random
 * shard, so 96 tabs joining two servers at once retried 70 times over 16 shards, 14 this way.
 */
export const NEW_VIEWER_PARTITIONS = 64;

export const rateLimiter = new RateLimiter(components.rateLimiter, {
  /** A real participant makes a few writes per tournament (join, ready, up to 4 steps in a 1v1). */
  tournamentSession: { kind: "token bucket", rate: 12, period: MINUTE, capacity: 8 },
  /**
   * Per tournament, for its seated players (and admins) only: a 5v5 BO3 takes about 30 writes.
   * Nobody outside the teams can spend it, so a flood of strangers never stalls a turn.
   */
  tournamentGlobal: { kind: "token bucket", rate: 120, period: MINUTE, capacity: 60 },
  /**
   * Per tournament, callers not seated in it whose write the rules accept (a join to a free seat):
   * strangers' refused moves never spend it, so a flood of them cannot keep players from joining.
   */
  tournamentJoins: { kind: "token bucket", rate: 60, period: MINUTE, capacity: 30 },
  /** Per tournament, everyone else not seated in it: moves and joins the rules refuse. */
  tournamentOutsiders: { kind: "token bucket", rate: 60, period: MINUTE, capacity: 30 },
  /**
   * A seated player's "still here" from the tournament page (once a minute while it is shown),
   * per caller, and per tournament for its seated players only: nobody else writes anything.
   */
  tournamentSeen: { kind: "token bucket", rate: 3, period: MINUTE, capacity: 3 },
  tournamentSeenAll: { kind: "token bucket", rate: 60, period: MINUTE, capacity: 30 },
  /**
   * New viewer rows (a tab that starts watching a server), per server: 600 a minute, 200 at once,
   * held in `NEW_VIEWER_PARTITIONS` buckets of a share each (`allowNewViewer`). Anyone can call the
   * heartbeat with fresh ids; this caps how fast the presence table can grow, and a flood aimed at
   * one server leaves the others' new viewers alone.
   */
  newViewers: {
    kind: "token bucket",
    rate: 600 / NEW_VIEWER_PARTITIONS,
    period: MINUTE,
    capacity: 200 / NEW_VIEWER_PARTITIONS,
  },
  /**
   * Refreshes of one tab's row (its heartbeat every 72 s, plus one per switch between the player
   * list and another view). Past this a refresh is dropped quietly; the row stays as it was.
   */
  viewerRefresh: { kind: "token bucket", rate: 6, period: MINUTE, capacity: 10 },
  /**
   * Admin and guest-admin actions called by anyone who is not an admin (guests while guest-admin
   * is on, and refused callers): counted per caller, refused calls included, and the allowed ones
   * for everyone together. Admins are never limited.
   */
  gatedPerCaller: { kind: "token bucket", rate: 30, period: MINUTE, capacity: 10 },
  gatedGlobal: { kind: "token bucket", rate: 240, period: MINUTE, capacity: 60, shards: 2 },
  /**
   * Refused calls written to the audit log one by one. Past these they are folded into a burst
   * entry with a count (model/audit/log.ts), never dropped. The anonymous budget is shared by every
   * anonymous caller; signed-in callers are counted only per caller.
   */
  /**
   * Switch read-backs by callers who are not admins (guests while guest-admin is on), per caller
   * and server: each costs up to five game-server requests. The admin tab reads once when it
   * opens and once a minute after.
   */
  guestReadBack: { kind: "token bucket", rate: 2, period: MINUTE, capacity: 3 },
  refusalPerCaller: { kind: "token bucket", rate: 10, period: MINUTE, capacity: 10 },
  refusalAnonymous: { kind: "token bucket", rate: 120, period: MINUTE, capacity: 120, shards: 2 },
  /**
   * MatchZy events per game server (model/push/receive.ts), counted once the secret matched. A match sends
   * about one a round; a map's end or a veto sends a few at once.
   */
  pushEvents: { kind: "token bucket", rate: 60, period: MINUTE, capacity: 30 },
  /**
   * CS2's HTTP log POSTs per game server (model/serverLog/), counted once the secret matched. CS2
   * posts whenever lines are waiting and no POST is under way: a few a second in a busy round. A
   * refused POST is not acknowledged, so CS2 sends its lines again with the next one (nothing is
   * lost, the batches only grow).
   */
  logBatches: { kind: "token bucket", rate: 240, period: MINUTE, capacity: 120 },
  /**
   * Requests to a feed (MatchZy push, CS2's log) whose server key or secret did not
   * match: per key in the URL, and for everyone together. A game server left with an old secret
   * spends its key's budget only; requests with the right secret never spend either.
   */
  wrongFeedSecret: { kind: "token bucket", rate: 10, period: MINUTE, capacity: 10 },
  wrongFeedSecretAll: { kind: "token bucket", rate: 120, period: MINUTE, capacity: 60 },
  /**
   * Cup writes of signed-in players (creating and joining teams, check-ins, time proposals): per
   * user, and per cup for everyone together.
   */
  cupPlayer: { kind: "token bucket", rate: 20, period: MINUTE, capacity: 10 },
  cupAll: { kind: "token bucket", rate: 240, period: MINUTE, capacity: 120, shards: 2 },
  /**
   * Reports of players, per reporter (a SteamID64: the game's and the web's share it): a few in
   * ten minutes, however many players one reports; and for everyone together, so a server that
   * forges `!report` lines under made-up SteamIDs cannot flood the queue.
   */
  reportPerReporter: { kind: "token bucket", rate: 3, period: 10 * MINUTE, capacity: 3 },
  reportsAll: { kind: "token bucket", rate: 30, period: MINUTE, capacity: 30, shards: 2 },
  /** Appeals, per signed-in user (one per sanction is the rule; this bounds the attempts). */
  appealPerUser: { kind: "token bucket", rate: 3, period: 10 * MINUTE, capacity: 3 },
  /** Linking Steam, per signed-in user: starting, finishing and unlinking together. */
  steamLinkUser: { kind: "token bucket", rate: 10, period: MINUTE, capacity: 6 },
  /**
   * Answers arriving from Steam, for everyone: anyone can call the return URL, and each accepted
   * answer costs a request to Steam. Each flow is answered at most once, which bounds one caller.
   */
  steamLinkAnswers: { kind: "token bucket", rate: 120, period: MINUTE, capacity: 60, shards: 2 },
});

export const RATE_LIMITED_MESSAGE = BACKEND_TEXTS["backend.rateLimited"];

/** 32-bit FNV-1a: spreads tab ids (random, or made up by a flooder) over the partitions. */
export function newViewerPartition(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % NEW_VIEWER_PARTITIONS;
}

/**
 * False when too many new viewers arrived lately: the heartbeat is then dropped quietly. A tab
 * whose own partition is dry tries the opposite one, so an uneven crowd still gets in while the
 * server's total stays within the limit (every partition holds its share, no more).
 */
export async function allowNewViewer(
  ctx: MutationCtx,
  serverKey: string,
  viewerId: string,
): Promise<boolean> {
  const home = newViewerPartition(viewerId);
  for (const partition of [home, (home + NEW_VIEWER_PARTITIONS / 2) % NEW_VIEWER_PARTITIONS]) {
    const key = `${serverKey}#${partition}`;
    if ((await rateLimiter.limit(ctx, "newViewers", { key })).ok) return true;
  }
  return false;
}

/** False when this tab refreshed its presence too often lately: the heartbeat is then dropped. */
export async function allowViewerRefresh(ctx: MutationCtx, viewerKey: string): Promise<boolean> {
  return (await rateLimiter.limit(ctx, "viewerRefresh", { key: viewerKey })).ok;
}

/** Whether a signed-in caller's refused call is written as its own audit entry. */
export async function allowRefusalAudit(ctx: MutationCtx, callerKey: string): Promise<boolean> {
  return (await rateLimiter.limit(ctx, "refusalPerCaller", { key: callerKey })).ok;
}

/** Whether an anonymous caller's refused call is written as its own audit entry. */
export async function allowAnonymousRefusalAudit(
  ctx: MutationCtx,
  callerKey: string,
): Promise<boolean> {
  const perCaller = await rateLimiter.limit(ctx, "refusalPerCaller", { key: callerKey });
  return perCaller.ok && (await rateLimiter.limit(ctx, "refusalAnonymous")).ok;
}

/**
 * Counts one gated call by a non-admin; false when this caller or everyone called too often. A
 * refused call counts against its caller only: refusals (from as many fresh session ids as anyone
 * cares to mint) never spend the budget that allowed calls share.
 */
export async function allowGatedCall(
  ctx: MutationCtx,
  callerKey: string,
  allowed: boolean,
): Promise<boolean> {
  const perCaller = await rateLimiter.limit(ctx, "gatedPerCaller", { key: callerKey });
  // The global bucket is drawn from only when the caller's own one allowed it, so one caller's
  // spam cannot drain it for everyone.
  if (!perCaller.ok || !allowed) return perCaller.ok;
  return (await rateLimiter.limit(ctx, "gatedGlobal")).ok;
}

/** Counts one game-server read by a guest (not an admin) against its own per-caller budget. */
export async function allowGuestRead(
  ctx: MutationCtx,
  budget: GuestBudget,
  callerKey: string,
): Promise<boolean> {
  return (await rateLimiter.limit(ctx, budget, { key: callerKey })).ok;
}

/** Per-caller budgets a gated action may add for callers who are not admins. */
export type GuestBudget = "guestReadBack";

/** Counts one Steam-linking write by a signed-in user. */
export async function limitSteamLink(ctx: MutationCtx, userKey: string): Promise<void> {
  const { ok } = await rateLimiter.limit(ctx, "steamLinkUser", { key: userKey });
  if (!ok) fail("RATE_LIMITED", RATE_LIMITED_MESSAGE);
}

/** Counts one answer from Steam arriving at the return URL; false when too many arrive. */
export async function allowSteamAnswer(ctx: MutationCtx): Promise<boolean> {
  return (await rateLimiter.limit(ctx, "steamLinkAnswers")).ok;
}

/**
 * Counts one authenticated delivery from this game server (a MatchZy event, a CS2 log batch);
 * `retryAfter` (ms) when refused.
 */
export async function limitServerFeed(
  ctx: MutationCtx,
  feed: "pushEvents" | "logBatches",
  serverKey: string,
): Promise<{ ok: boolean; retryAfter?: number }> {
  return await rateLimiter.limit(ctx, feed, { key: serverKey });
}

/**
 * Spends a wrong feed secret's tokens (the URL's key, then everyone's). A refusal says which
 * budget is dry and when it has a token again.
 */
export async function spendWrongFeedSecret(
  ctx: MutationCtx,
  urlKey: string,
): Promise<{ ok: true } | { ok: false; retryAfter: number }> {
  const own = await rateLimiter.limit(ctx, "wrongFeedSecret", { key: urlKey.slice(0, 64) });
  if (!own.ok) return { ok: false, retryAfter: own.retryAfter };
  const all = await rateLimiter.limit(ctx, "wrongFeedSecretAll");
  return all.ok ? { ok: true } : { ok: false, retryAfter: all.retryAfter };
}

/** Whose tournament write it is: a seated player's (or an admin's), a joiner's, anyone else's. */
export type TournamentCaller = "seated" | "joining" | "outsider";

const TOURNAMENT_BUDGETS = {
  seated: "tournamentGlobal",
  joining: "tournamentJoins",
  outsider: "tournamentOutsiders",
} as const;

/**
 * Consumes one tournament write from the caller's own budget (their session, and their account when
 * signed in), then from the tournament's budget for their kind of caller: three separate ones, so
 * no kind can exhaust another's. A caller over their own budget spends nothing shared.
 */
export async function limitTournamentWrite(
  ctx: MutationCtx,
  callerKeys: string[],
  tournamentId: string,
  caller: TournamentCaller,
): Promise<void> {
  for (const key of callerKeys) {
    const own = await rateLimiter.limit(ctx, "tournamentSession", { key });
    if (!own.ok) fail("RATE_LIMITED", RATE_LIMITED_MESSAGE);
  }
  const shared = TOURNAMENT_BUDGETS[caller];
  const global = await rateLimiter.limit(ctx, shared, { key: tournamentId });
  if (!global.ok) fail("RATE_LIMITED", RATE_LIMITED_MESSAGE);
}

/**
 * Counts one seated player's heartbeat, per caller and per tournament; false when too many came
 * lately (the heartbeat is then dropped quietly: the next one a minute later counts).
 */
export async function allowSeenHeartbeat(
  ctx: MutationCtx,
  callerKeys: string[],
  tournamentId: string,
): Promise<boolean> {
  for (const key of callerKeys) {
    if (!(await rateLimiter.limit(ctx, "tournamentSeen", { key })).ok) return false;
  }
  return (await rateLimiter.limit(ctx, "tournamentSeenAll", { key: tournamentId })).ok;
}

/** Counts one cup write by a signed-in player, on their own budget and then the cup's. */
export async function limitCupWrite(
  ctx: MutationCtx,
  userKey: string,
  cupId: string,
): Promise<void> {
  if (!(await rateLimiter.limit(ctx, "cupPlayer", { key: userKey })).ok) {
    fail("RATE_LIMITED", RATE_LIMITED_MESSAGE);
  }
  if (!(await rateLimiter.limit(ctx, "cupAll", { key: cupId })).ok) {
    fail("RATE_LIMITED", RATE_LIMITED_MESSAGE);
  }
}
