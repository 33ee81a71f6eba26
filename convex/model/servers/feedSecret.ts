/**
 * The first check of every feed a game server posts to (MatchZy push, CS2's log):
 * the server named in the URL and the secret it sent. A wrong key or secret spends a budget (per
 * key and for everyone) and nothing else, so a stranger's flood or a server left with an old
 * secret costs no writes once the budget is dry, and never slows a server that sends the right one.
 */
import type { Doc } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { spendWrongFeedSecret } from "../../lib/rateLimits";
import { sameSecret } from "../push/secret";
import { generatedSecretOf, serverByKey, type GeneratedSecret } from "./records";

export type FeedAccess =
  | { ok: true; server: Doc<"servers"> }
  /** `retryAfterMs` when the wrong-secret budget is dry: the feed then answers 429. */
  | { ok: false; unknown: boolean; retryAfterMs?: number };

export async function feedAccess(
  ctx: MutationCtx,
  key: string,
  secret: string,
  which: GeneratedSecret,
): Promise<FeedAccess> {
  const server = await serverByKey(ctx, key);
  const known = server !== null && !server.disabled;
  const expected = known ? await generatedSecretOf(ctx, server._id, which) : undefined;
  if (known && expected && sameSecret(secret, expected)) return { ok: true, server };
  const spent = await spendWrongFeedSecret(ctx, key);
  return spent.ok
    ? { ok: false, unknown: !known }
    : { ok: false, unknown: !known, retryAfterMs: spent.retryAfter };
}
