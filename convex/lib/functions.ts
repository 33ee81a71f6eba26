/**
 * The only function builders app modules may use (ESLint forbids importing the raw ones from
 * `_generated/server`). Each one decides who may call the function:
 *
 * | builder                  | who may call                                          |
 * |--------------------------|-------------------------------------------------------|
 * | publicQuery              | anyone; never reads who calls (one shared result)      |
 * | viewerQuery              | anyone; knows who calls (a result per caller)          |
 * | publicMutation           | anyone                                                 |
 * | sessionQuery/Mutation    | anyone, identified by a per-browser session id         |
 * | signedInQuery/Mutation   | a signed-in user                                       |
 * | adminQuery               | an admin                                               |
 * | adminAction              | an admin; refusals are audited                         |
 * | moderatorQuery           | an admin or a moderator                                |
 * | moderatorAction          | an admin or a moderator; refusals are audited          |
 * | guestAdminAction         | an admin, or anyone while guest-admin is on; audited   |
 *
 * A gated action called by anyone who is not an admin first passes `internal.audit.admitCall`
 * (its own mutation, so a refusal cannot roll it back): the call counts against a per-caller and a
 * global rate limit, allowed or not, and a refusal is audited.
 *
 * Refused calls throw `ConvexError({ code, message })`. Admin-only *writes* are actions (that call
 * internal mutations) on purpose: a refused mutation rolls back everything it wrote, so it could
 * never leave the "unauthorized attempt" audit entry the security model requires.
 */
import {
  customAction,
  customCtx,
  customMutation,
  customQuery,
} from "convex-helpers/server/customFunctions";
import { SessionIdArg, vSessionId } from "convex-helpers/server/sessions";
import { v } from "convex/values";
import { internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import {
  action as rawAction,
  mutation as rawMutation,
  query as rawQuery,
  type ActionCtx,
} from "../_generated/server";
import type { ActionAccess } from "./actionRegistry";
import { checkArgBounds } from "./argBounds";
import type { AuditAction } from "./auditActions";
import { fail, MESSAGES } from "./errors";
import { RATE_LIMITED_MESSAGE, type GuestBudget } from "./rateLimits";
import { auditDetail } from "./texts/auditDetails";
import type { ActionViewer, GateVerdict } from "./validators";
import { actorOf, loadViewer, type Viewer } from "./viewer";

interface Definition {
  handler: (ctx: never, args: Record<string, unknown>) => unknown;
}

/**
 * A raw builder whose functions first check the size of every argument (`argBounds.ts`): the
 * only way the builders below reach `query`, `mutation` and `action`.
 */
function bounded<B>(builder: B): B {
  const build = builder as (definition: Definition) => unknown;
  return ((definition: Definition) =>
    build({
      ...definition,
      handler: (ctx: never, args: Record<string, unknown>) => {
        checkArgBounds(args);
        return definition.handler(ctx, args);
      },
    })) as B;
}

const query = bounded(rawQuery);
const mutation = bounded(rawMutation);
const action = bounded(rawAction);

/** What a public query sees as `ctx.auth`: reading the identity there is a bug. */
const noIdentity = {
  getUserIdentity: async (): Promise<never> => {
    throw new Error("A publicQuery never reads who calls; use viewerQuery for that.");
  },
};

/**
 * Anyone. It never reads the identity or the user row: Convex caches a query per identity once it
 * reads one, so a public read that did would run once per signed-in viewer instead of once for
 * all, and again whenever that viewer's user row changed. `ctx.auth` throws to keep it so.
 */
export const publicQuery = customQuery(
  query,
  customCtx(async () => ({ auth: noIdentity })),
);

/** Anyone, signed in or not, with `ctx.viewer`: cached per caller, so only for what differs. */
export const viewerQuery = customQuery(
  query,
  customCtx(async (ctx) => ({ viewer: await loadViewer(ctx) })),
);

export const publicMutation = customMutation(
  mutation,
  customCtx(async (ctx) => ({ viewer: await loadViewer(ctx) })),
);

export const sessionQuery = customQuery(query, {
  args: SessionIdArg,
  input: async (ctx, { sessionId }) => ({
    ctx: { viewer: await loadViewer(ctx), sessionId },
    args: {},
  }),
});

export const sessionMutation = customMutation(mutation, {
  args: SessionIdArg,
  input: async (ctx, { sessionId }) => ({
    ctx: { viewer: await loadViewer(ctx), sessionId },
    args: {},
  }),
});

async function requireSignedIn(viewer: Viewer): Promise<Viewer> {
  if (!viewer.identity) fail("UNAUTHENTICATED", MESSAGES.signInRequired);
  return viewer;
}

export const signedInQuery = customQuery(
  query,
  customCtx(async (ctx) => ({ viewer: await requireSignedIn(await loadViewer(ctx)) })),
);

export const signedInMutation = customMutation(
  mutation,
  customCtx(async (ctx) => ({ viewer: await requireSignedIn(await loadViewer(ctx)) })),
);

/** Queries cannot write, so a refused admin read is not audited; it only throws. */
export const adminQuery = customQuery(
  query,
  customCtx(async (ctx) => {
    const viewer = await loadViewer(ctx);
    if (!viewer.isAdmin) fail("FORBIDDEN", MESSAGES.accessDenied);
    return { viewer };
  }),
);

/** Ban list and sanction history: admins and moderators; a refused read only throws. */
export const moderatorQuery = customQuery(
  query,
  customCtx(async (ctx) => {
    const viewer = await loadViewer(ctx);
    if (!viewer.isAdmin && !viewer.isModerator) fail("FORBIDDEN", MESSAGES.moderatorOnly);
    return { viewer };
  }),
);

export type { ActionViewer };

type Level = ActionAccess;

/** Extra property every admin action declares: the action name written to the audit log. */
interface AuditedExtra {
  audit: AuditAction;
  /** Callers who are not admins also spend this per-caller budget, and their allowed calls are audited. */
  guestBudget?: GuestBudget;
}

function gatedAction(level: Level) {
  return customAction(action, {
    args: { sessionId: v.optional(vSessionId), serverId: v.optional(v.id("servers")) },
    input: async (ctx: ActionCtx, { sessionId, serverId }, extra: AuditedExtra) => {
      const viewer: ActionViewer = await ctx.runQuery(internal.users.actionViewer, { sessionId });
      const moderatorAllowed = level === "moderator" && viewer.isModerator === true;
      if (!viewer.isAdmin && !moderatorAllowed) {
        const allowed = level === "guestAdmin" && viewer.isGuestAdminEnabled;
        const verdict: GateVerdict = await ctx.runMutation(internal.audit.admitCall, {
          event: {
            ...actorOf(viewer),
            action: extra.audit,
            serverId,
            details: auditDetail("notAdmin", {}),
          },
          allowed,
          guestBudget: extra.guestBudget,
        });
        if (verdict === "refused") {
          fail("FORBIDDEN", level === "moderator" ? MESSAGES.moderatorOnly : MESSAGES.accessDenied);
        }
        if (verdict === "limited") fail("RATE_LIMITED", RATE_LIMITED_MESSAGE);
      }
      return {
        ctx: { viewer, auditAction: extra.audit },
        args: { serverId: serverId as Id<"servers"> | undefined },
      };
    },
  });
}

export const adminAction = gatedAction("admin");
export const guestAdminAction = gatedAction("guestAdmin");
export const moderatorAction = gatedAction("moderator");

/** The gated builder for an access level (lib/actionRegistry.ts `ActionAccess`). */
export function gatedActionFor(access: ActionAccess) {
  if (access === "moderator") return moderatorAction;
  return access === "admin" ? adminAction : guestAdminAction;
}
