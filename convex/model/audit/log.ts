/**
 * The append-only audit log: who did what, where, with which outcome. Entries come in two ways
 * only: a privileged operation's commit (model/capability/define.ts, in the same transaction as what it
 * changed) and the gate's refusals (model/capability/callGate.ts). Both write through `appendAudit`, so
 * entries always carry the same fields: the actor (lib/validators.ts `vActor`, including the kind
 * of identity the backend established) and a name from the typed `AuditAction` union.
 *
 * Refused calls: a signed-in caller's refusals are always recorded (past 10 a minute they are
 * folded into one entry per caller and minute, with a count); an anonymous caller's are recorded
 * one by one up to 10 a minute per session and 120 a minute for all anonymous callers together,
 * and past that folded into one "anonymous refusals" entry per minute with the count, the guest
 * labels and the actions tried. So a flood of anonymous refusals can neither fill the log nor
 * stop a later entry about anyone else.
 */
import { v, type ObjectType } from "convex/values";
import type { Doc } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { allowAnonymousRefusalAudit, allowRefusalAudit } from "../../lib/rateLimits";
import { REFUSAL_BURST, vAuditAction } from "../../lib/auditActions";
import { vActor, type AuditOutcome } from "../../lib/validators";
import type { TextParams, Worded } from "../../lib/wording";
import { auditDetails } from "./details";

/** Who did what, where: the fields of every audit entry except its outcome. */
export const auditEventFields = {
  ...vActor.fields,
  action: vAuditAction,
  serverId: v.optional(v.id("servers")),
  details: v.optional(v.string()),
};

export type AuditEvent = ObjectType<typeof auditEventFields>;
/** An entry to append: its details plain, or a keyed text the panel words (`./details.ts`). */
export type AuditEntry = Omit<AuditEvent, "details"> & {
  details?: string | Worded;
  outcome: AuditOutcome;
};

export { REFUSAL_BURST };
export const BURST_WINDOW_MS = 60_000;
/** An anonymous flood's refusals are counted in this many entries per minute: a single entry
 * would be written by every refusal of the flood at once, and concurrent writes to one document
 * conflict and retry (and fail when conflicts repeat). */
export const BURST_SHARDS = 4;
const BURST_LIST_MAX = 20;

/** The key a caller is counted under: the verified identity, else the guest session's label. */
export function callerKeyOf(event: Pick<AuditEvent, "identity" | "tokenIdentifier" | "guestId">) {
  if (event.identity !== "anonymous" && event.tokenIdentifier) {
    return `user:${event.tokenIdentifier}`;
  }
  return event.guestId ? `guest:${event.guestId}` : "anonymous";
}

/** Appends one entry; the server name is copied in so the log survives renames and deletions. */
export async function appendAudit(ctx: MutationCtx, entry: AuditEntry): Promise<void> {
  const server = entry.serverId ? await ctx.db.get("servers", entry.serverId) : null;
  const { details, ...rest } = entry;
  await ctx.db.insert("auditLog", {
    ...rest,
    ...storedDetails(details),
    serverName: server?.name,
    at: Date.now(),
  });
}

/** Records a refused call: one entry, or a count in the caller's (or the anonymous) burst entry. */
export async function appendRefusal(ctx: MutationCtx, event: AuditEvent): Promise<void> {
  const callerKey = callerKeyOf(event);
  const oneByOne =
    event.identity === "anonymous"
      ? await allowAnonymousRefusalAudit(ctx, callerKey)
      : await allowRefusalAudit(ctx, callerKey);
  if (oneByOne) {
    await appendAudit(ctx, { ...event, outcome: "unauthorized" });
    return;
  }
  await foldIntoBurst(ctx, event, callerKey);
}

async function foldIntoBurst(ctx: MutationCtx, event: AuditEvent, callerKey: string) {
  const now = Date.now();
  const minute = Math.floor(now / BURST_WINDOW_MS);
  const anonymous = event.identity === "anonymous";
  const bucket = anonymous
    ? `refusals:anonymous:${minute}:${Math.floor(Math.random() * BURST_SHARDS)}`
    : `refusals:${callerKey}:${minute}`;
  const source = event.guestId ?? event.username;
  const existing = await ctx.db
    .query("auditLog")
    .withIndex("by_bucket", (q) => q.eq("bucket", bucket))
    .unique();
  if (existing) {
    const count = (existing.count ?? 0) + 1;
    const sources = addCapped(existing.sources ?? [], source);
    const actions = addCapped(existing.actions ?? [], event.action);
    await ctx.db.patch("auditLog", existing._id, {
      count,
      sources,
      actions,
      ...storedDetails(burstDetails(count, actions, sources)),
    });
    return;
  }
  await ctx.db.insert("auditLog", {
    at: now,
    username: anonymous ? "Anonymous" : event.username,
    tokenIdentifier: anonymous ? undefined : event.tokenIdentifier,
    identity: event.identity,
    action: REFUSAL_BURST,
    outcome: "unauthorized",
    bucket,
    count: 1,
    sources: [source],
    actions: [event.action],
    ...storedDetails(burstDetails(1, [event.action], [source])),
  });
}

/** The Ukrainian text (what the search reads), and the key and parameters when keyed. */
function storedDetails(details: string | Worded | undefined) {
  if (details === undefined) return {};
  if (typeof details === "string") return { details: details.slice(0, 500) };
  return {
    details: details.message.slice(0, 500),
    detailsKey: details.key,
    ...(details.params && { detailsParams: boundedParams(details.params) }),
  };
}

/** Parameters hold names and reasons a player may have written: each kept within the bound. */
function boundedParams(params: TextParams): TextParams {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === "string" ? value.slice(0, 500) : value,
    ]),
  );
}

function addCapped(list: string[], item: string): string[] {
  return list.includes(item) || list.length >= BURST_LIST_MAX ? list : [...list, item];
}

/** The actions are codes: the panel names each in the visitor's language. */
function burstDetails(count: number, actions: string[], sources: string[]): Worded {
  return auditDetails("audit.details.refusalBurst", {
    count,
    actions: actions.join(", "),
    sources: sources.join(", "),
  });
}

/** How the admin screen shows an entry: a guest is named with its session label. */
export function auditRow(e: Doc<"auditLog">) {
  return {
    _id: e._id,
    at: e.at,
    user: e.guestId ? `${e.username} (${e.guestId})` : e.username,
    identity: e.identity,
    action: e.action,
    serverName: e.serverName,
    outcome: e.outcome,
    details: e.details,
    ...(e.detailsKey && { detailsKey: e.detailsKey }),
    ...(e.detailsParams && { detailsParams: e.detailsParams }),
    count: e.count,
  };
}
