/**
 * Receiving a demo from MatchZy: `POST /api/demos/{serverKey}`.
 *
 * MatchZy sends the whole file in one POST (`application/octet-stream`, its `MatchZy-*` headers, the
 * custom header the panel set with the server's secret) 15 s after `tv_stoprecord`. An HTTP action
 * may read at most 20 MiB of a body, and demos are 40–200+ MB, so the action reads none of it: it
 * checks the headers, records the announced upload, and answers `307 Temporary Redirect` to a
 * fresh Convex upload URL. .NET's HttpClient (MatchZy) and fetch follow a 307 with the same method
 * and body, so the file goes straight into Convex file storage. `claim.ts` then finds the stored
 * file (by size, after the announcement), checks it is a demo and attaches it to its map.
 *
 * Answers, in this order (nothing is recorded before the secret matched):
 *   bad path → 400 · no secret → 401 · unknown or disabled server → 404 · wrong secret (push off) → 401 (429 once the wrong-secret
 *   budget of that key, or everyone's, is dry) ·
 *   no Content-Length → 411 · over DEMO_MAX_BYTES → 413 · too small or not a `.dem`/`.zip` name →
 *   400 · over the server's upload rate → 429 · otherwise 307 to the upload URL.
 */
import { v } from "convex/values";
import { internal } from "../../_generated/api";
import type { ActionCtx, MutationCtx } from "../../_generated/server";
import { DEMO_UPLOAD_PATH } from "../../lib/demos";
import { jsonResponse } from "../../lib/httpResponses";
import { PUSH_HEADER } from "../../lib/push";
import { limitServerFeed } from "../../lib/rateLimits";
import { pathSegments } from "../../lib/readApiRouter";
import { feedAccess } from "../servers/feedSecret";
import { readAnnouncement, type DemoAnnouncement } from "./format";
import { matchKeyOf } from "./attach";

const SECRET_MAX = 256;
/** The first look for the stored file: MatchZy's POST of ~100 MB usually ends by then. */
export const FIRST_CLAIM_DELAY_MS = 20_000;

export const vOpenUploadReply = v.union(
  v.object({ ok: v.literal(true), uploadUrl: v.string() }),
  v.object({
    ok: v.literal(false),
    status: v.number(),
    error: v.string(),
    retryAfterMs: v.optional(v.number()),
  }),
);
type OpenUploadReply = typeof vOpenUploadReply.type;

export const vAnnouncement = v.object({
  fileName: v.string(),
  matchzyMatchId: v.union(v.number(), v.null()),
  mapNumber: v.union(v.number(), v.null()),
  size: v.number(),
});

/** The HTTP edge: path, headers and secret present; the rest in one mutation (`openUpload`). */
export async function receiveDemoRequest(ctx: ActionCtx, request: Request): Promise<Response> {
  const segments = pathSegments(new URL(request.url).pathname.slice(DEMO_UPLOAD_PATH.length));
  if (!segments) return jsonResponse(400, { error: "Malformed path" });
  const [key] = segments;
  if (segments.length !== 1 || !key) return jsonResponse(404, { error: "Server not found" });
  const secret = request.headers.get(PUSH_HEADER);
  if (!secret || secret.length > SECRET_MAX) return jsonResponse(401, { error: "Unauthorized" });
  const announced = readAnnouncement(request.headers);
  const reply = await ctx.runMutation(internal.demos.openUpload, {
    key,
    secret,
    upload: announced.ok ? announced.upload : null,
    refusal: announced.ok ? null : { status: announced.status, error: announced.error },
  });
  if (!reply.ok) {
    const retry = reply.retryAfterMs;
    return jsonResponse(
      reply.status,
      { error: reply.error },
      retry !== undefined ? { "Retry-After": String(Math.max(1, Math.ceil(retry / 1000))) } : {},
    );
  }
  return new Response(null, {
    status: 307,
    headers: { Location: reply.uploadUrl, "Cache-Control": "no-store" },
  });
}

/**
 * Secret first (a stranger learns nothing about the upload's checks), then the announcement's own
 * refusal, the server's rate, and the row that waits for the bytes.
 */
export async function openUpload(
  ctx: MutationCtx,
  args: {
    key: string;
    secret: string;
    upload: DemoAnnouncement | null;
    refusal: { status: number; error: string } | null;
  },
  now: number,
): Promise<OpenUploadReply> {
  const access = await feedAccess(ctx, args.key, args.secret, "pushSecret");
  if (!access.ok) {
    if (access.retryAfterMs !== undefined) {
      const retryAfterMs = access.retryAfterMs;
      return { ok: false, status: 429, error: "Too many requests", retryAfterMs };
    }
    return access.unknown
      ? { ok: false, status: 404, error: "Server not found" }
      : { ok: false, status: 401, error: "Unauthorized" };
  }
  const { server } = access;
  if (!args.upload) {
    const refusal = args.refusal ?? { status: 400, error: "Not a demo" };
    return { ok: false, ...refusal };
  }
  const limit = await limitServerFeed(ctx, "demoUploads", server._id);
  if (!limit.ok) {
    return { ok: false, status: 429, error: "Too many uploads", retryAfterMs: limit.retryAfter };
  }
  const { fileName, size, matchzyMatchId, mapNumber } = args.upload;
  const demoId = await ctx.db.insert("demos", {
    serverId: server._id,
    serverKey: server.key,
    source: "matchzy",
    state: "uploading",
    fileName,
    size,
    ...(matchzyMatchId !== null && matchzyMatchId > 0 && mapNumber !== null
      ? { matchzyMatchId, mapNumber, matchKey: matchKeyOf(server._id, matchzyMatchId, mapNumber) }
      : {}),
    startedAt: now,
    hidden: false,
    pinned: false,
  });
  await ctx.scheduler.runAfter(FIRST_CLAIM_DELAY_MS, internal.demos.claim, { demoId, attempt: 0 });
  return { ok: true, uploadUrl: await ctx.storage.generateUploadUrl() };
}
