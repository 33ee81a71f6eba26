/**
 * Convex file storage, as a deployment serves it, on the deployment port:
 *
 * - `ctx.storage.generateUploadUrl()` returns `<url>/api/storage/upload?token=…`; a POST of the
 *   file's bytes there within an hour stores them (no size limit, the request's `Content-Type`
 *   kept as the file's) and answers `{"storageId": "…"}`. An unknown or expired token is refused
 *   with 401 and stores nothing; a body cut off before its `Content-Length` stores nothing either.
 * - Stored files are rows of the `_storage` system table (`sha256` in base64, `size`,
 *   `contentType`), readable with `ctx.db.system`, removed by `ctx.storage.delete`.
 * - `ctx.storage.getUrl(id)` returns `<url>/api/storage/<id>` (null for a deleted file), served to
 *   anyone holding it with its length, type and `Range` support, until the file is deleted.
 *
 * convex-test keeps the blobs; this module gives them the URLs a deployment gives them.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ConvexTestInstance } from "./store";

/** How long an upload URL takes a file (Convex: "Upload URLs expire in 1 hour"). */
export const UPLOAD_URL_TTL_MS = 60 * 60 * 1000;
const UPLOAD_PATH = "/api/storage/upload";
const FILE_PATH = /^\/api\/storage\/([A-Za-z0-9_]+)$/;

interface StoredDb {
  _documents: Record<string, Record<string, unknown>>;
  getFile(id: string): Blob | null | undefined;
}

export interface FileStorageHost {
  instance: ConvexTestInstance;
  /** Stores a blob as a committed `_storage` row (through a transaction, so subscribers see it). */
  store(blob: Blob): Promise<string>;
  /** Called after a stored upload, to wake subscribers. */
  committed(): void;
}

export class FileStorage {
  /** Upload token → when it expires. */
  private readonly tokens = new Map<string, number>();
  baseUrl = "";
  /** The clock upload URLs expire by (tests move it). */
  now: () => number = () => Date.now();

  constructor(private readonly host: FileStorageHost) {}

  uploadUrl(): string {
    const now = this.now();
    for (const [token, expiresAt] of this.tokens) if (expiresAt <= now) this.tokens.delete(token);
    const token = randomBytes(24).toString("base64url");
    this.tokens.set(token, now + UPLOAD_URL_TTL_MS);
    return `${this.baseUrl}${UPLOAD_PATH}?token=${token}`;
  }

  fileUrl(storageId: string): string {
    return `${this.baseUrl}/api/storage/${storageId}`;
  }

  private db(): StoredDb {
    return this.host.instance.components[""]!.db as unknown as StoredDb;
  }

  /** Serves the storage endpoints; false when the request is not one of them. */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    const url = new URL(req.url ?? "/", "http://storage.invalid");
    if (url.pathname === UPLOAD_PATH && req.method === "POST") {
      void this.upload(url.searchParams.get("token") ?? "", req, res);
      return true;
    }
    const file = FILE_PATH.exec(url.pathname);
    if (file && (req.method === "GET" || req.method === "HEAD")) {
      this.serve(file[1]!, req, res);
      return true;
    }
    if (url.pathname === UPLOAD_PATH || file) {
      reply(res, 405, { code: "MethodNotAllowed", message: "Method not allowed" });
      return true;
    }
    return false;
  }

  private async upload(token: string, req: IncomingMessage, res: ServerResponse) {
    const expiresAt = this.tokens.get(token);
    if (expiresAt === undefined || expiresAt <= this.now()) {
      req.resume();
      // As convex-backend's check_store_file_authorization: unauthenticated (401), checked once
      // when the upload starts; a token is not spent by use, any number of uploads may start
      // with it within its hour.
      return reply(res, 401, {
        code: expiresAt === undefined ? "StorageTokenInvalid" : "StorageTokenExpired",
        message: "The upload URL is invalid or has expired",
      });
    }
    const chunks: Buffer[] = [];
    let complete = false;
    req.on("end", () => (complete = true));
    try {
      for await (const chunk of req) chunks.push(chunk as Buffer);
    } catch {
      complete = false;
    }
    // A connection cut mid-body stores nothing, as an interrupted upload does on Convex.
    if (!complete || !req.complete) return void res.destroy();
    const type = req.headers["content-type"];
    const bytes = Buffer.concat(chunks) as unknown as Uint8Array<ArrayBuffer>;
    const blob = new Blob([bytes], type ? { type } : {});
    const storageId = await this.host.store(blob);
    const doc = this.db()._documents[storageId];
    if (doc && type) doc.contentType = type;
    this.host.committed();
    reply(res, 200, { storageId });
  }

  private serve(storageId: string, req: IncomingMessage, res: ServerResponse) {
    const db = this.db();
    const doc = db._documents[storageId];
    const blob = doc ? db.getFile(storageId) : null;
    if (!doc || !blob) return reply(res, 404, { code: "FileNotFound", message: "File not found" });
    const size = blob.size;
    const headers: Record<string, string> = {
      "Content-Type": (doc.contentType as string | undefined) ?? "application/octet-stream",
      "Accept-Ranges": "bytes",
      "Cache-Control": "private, max-age=2592000",
      "Access-Control-Allow-Origin": "*",
    };
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? "");
    let start = 0;
    let end = size - 1;
    let status = 200;
    if (range && (range[1] !== "" || range[2] !== "")) {
      if (range[1] === "") {
        start = Math.max(0, size - Number(range[2]));
      } else {
        start = Number(range[1]);
        if (range[2] !== "") end = Math.min(end, Number(range[2]));
      }
      if (start > end || start >= size) {
        res.writeHead(416, { ...headers, "Content-Range": `bytes */${size}` });
        return void res.end();
      }
      status = 206;
      headers["Content-Range"] = `bytes ${start}-${end}/${size}`;
    }
    headers["Content-Length"] = String(end - start + 1);
    res.writeHead(status, headers);
    if (req.method === "HEAD") return void res.end();
    void blob
      .slice(start, end + 1)
      .arrayBuffer()
      .then((bytes) => res.end(Buffer.from(bytes)));
  }
}

function reply(res: ServerResponse, status: number, body: unknown) {
  if (res.headersSent) return void res.end();
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Access-Control-Allow-Origin": "*",
  });
  res.end(JSON.stringify(body));
}
