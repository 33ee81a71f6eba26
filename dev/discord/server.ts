/**
 * A local stand-in for Discord's execute-webhook endpoint (dev and tests only). It accepts
 * `POST /api/webhooks/:id/:token`, checks the body the way Discord does (400 with a JSON error for
 * an invalid payload), records what was posted and answers 204. Faults can be injected for the
 * next requests: 429 with `retry_after`, 5xx, or a slow answer.
 *
 * GET /           HTML page listing the posted messages (all text escaped)
 * GET /messages   the posted messages as JSON
 * GET /requests   every request with the status it got (for tests)
 * POST /faults    {"status":429|500|502|503,"count":n,"retryAfter":s} or {"delayMs":ms,"count":n}
 * DELETE /messages  forget everything
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface PostedMessage {
  id: number;
  at: number;
  webhookId: string;
  body: DiscordBody;
}

export interface RecordedRequest {
  at: number;
  webhookId: string;
  status: number;
}

export interface Fault {
  status?: number;
  retryAfter?: number;
  delayMs?: number;
  count: number;
  /** Only requests to this webhook id (default: any). */
  webhookId?: string;
}

interface Embed {
  title?: unknown;
  description?: unknown;
  color?: unknown;
  url?: unknown;
  timestamp?: unknown;
  fields?: unknown;
  footer?: unknown;
}

export interface DiscordBody {
  content?: string;
  username?: string;
  embeds?: Embed[];
  allowed_mentions?: { parse?: string[] };
}

export interface DiscordStandIn {
  url: string;
  port: number;
  messages: PostedMessage[];
  requests: RecordedRequest[];
  inject(fault: Fault): void;
  clear(): void;
  stop(): Promise<void>;
}

const BODY_MAX = 64 * 1024;
const WEBHOOK_PATH = /^\/api(?:\/v\d{1,2})?\/webhooks\/(\d{17,20})\/([A-Za-z0-9_-]{20,100})\/?$/;

/** Discord's limits on a message (https://discord.com/developers/docs/resources/message#embed-object-embed-limits). */
export function validateBody(body: unknown): string | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return "Body must be an object";
  }
  const b = body as Record<string, unknown>;
  const content = b.content;
  const embeds = b.embeds;
  if (content !== undefined && (typeof content !== "string" || content.length > 2000)) {
    return "content: must be a string of at most 2000 characters";
  }
  if (b.username !== undefined && (typeof b.username !== "string" || b.username.length > 80)) {
    return "username: must be 1-80 characters";
  }
  if (embeds !== undefined && (!Array.isArray(embeds) || embeds.length > 10)) {
    return "embeds: must be an array of at most 10";
  }
  if (!content && (!Array.isArray(embeds) || embeds.length === 0)) {
    return "Cannot send an empty message";
  }
  let total = 0;
  for (const [i, raw] of ((embeds as unknown[]) ?? []).entries()) {
    if (typeof raw !== "object" || raw === null) return `embeds.${i}: must be an object`;
    const e = raw as Embed;
    const text = (v: unknown, max: number, field: string, required = false) => {
      if (v === undefined && !required) return null;
      if (typeof v !== "string" || v.length > max || (required && v.trim() === "")) {
        return `embeds.${i}.${field}: must be a non-empty string of at most ${max} characters`;
      }
      total += v.length;
      return null;
    };
    const problem =
      text(e.title, 256, "title") ??
      text(e.description, 4096, "description") ??
      (e.color !== undefined &&
      !(Number.isInteger(e.color) && (e.color as number) >= 0 && (e.color as number) <= 0xffffff)
        ? `embeds.${i}.color: must be an integer colour`
        : null) ??
      (e.timestamp !== undefined && Number.isNaN(Date.parse(String(e.timestamp)))
        ? `embeds.${i}.timestamp: must be ISO8601`
        : null) ??
      (e.url !== undefined && !/^https?:\/\//.test(String(e.url))
        ? `embeds.${i}.url: invalid`
        : null);
    if (problem) return problem;
    if (e.footer !== undefined) {
      const p = text((e.footer as { text?: unknown } | null)?.text, 2048, "footer.text", true);
      if (p) return p;
    }
    if (e.fields !== undefined) {
      if (!Array.isArray(e.fields) || e.fields.length > 25) return `embeds.${i}.fields: at most 25`;
      for (const [j, f] of (e.fields as { name?: unknown; value?: unknown }[]).entries()) {
        const p =
          text(f?.name, 256, `fields.${j}.name`, true) ??
          text(f?.value, 1024, `fields.${j}.value`, true);
        if (p) return p;
      }
    }
  }
  if (total > 6000) return "embeds: more than 6000 characters in total";
  const mentions = b.allowed_mentions;
  if (mentions !== undefined) {
    const parse = (mentions as { parse?: unknown } | null)?.parse;
    if (
      parse !== undefined &&
      (!Array.isArray(parse) || parse.some((p) => !["roles", "users", "everyone"].includes(p)))
    ) {
      return "allowed_mentions.parse: invalid";
    }
  }
  return null;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(messages: PostedMessage[]): string {
  const items = messages
    .slice()
    .reverse()
    .map((m) => {
      const embeds = (m.body.embeds ?? [])
        .map((e) => {
          const colour =
            typeof e.color === "number" ? e.color.toString(16).padStart(6, "0") : "555555";
          const fields = Array.isArray(e.fields)
            ? (e.fields as { name: string; value: string }[])
                .map(
                  (f) =>
                    `<div class="f"><b>${escapeHtml(String(f.name))}</b> ${escapeHtml(String(f.value))}</div>`,
                )
                .join("")
            : "";
          return `<div class="embed" style="border-color:#${escapeHtml(colour)}"><div class="t">${escapeHtml(String(e.title ?? ""))}</div><div>${escapeHtml(String(e.description ?? ""))}</div>${fields}</div>`;
        })
        .join("");
      const when = new Date(m.at).toISOString();
      return `<li data-webhook="${escapeHtml(m.webhookId)}"><div class="meta">#${m.id} · ${escapeHtml(when)} · webhook ${escapeHtml(m.webhookId)} · ${escapeHtml(m.body.username ?? "")}</div>${m.body.content ? `<div>${escapeHtml(m.body.content)}</div>` : ""}${embeds}</li>`;
    })
    .join("");
  return `<!doctype html><html lang="uk"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Discord (локальна заглушка)</title>
<style>body{font-family:system-ui,sans-serif;background:#313338;color:#dbdee1;margin:0;padding:16px}h1{font-size:18px}ul{list-style:none;padding:0}li{margin:0 0 12px}.meta{font-size:12px;color:#949ba4}.embed{border-left:4px solid;background:#2b2d31;padding:8px 12px;border-radius:4px;margin-top:4px;white-space:pre-wrap;overflow-wrap:anywhere}.t{font-weight:600;margin-bottom:4px}.f{font-size:14px}</style></head>
<body><h1>Discord — локальна заглушка (${messages.length})</h1><ul>${items || "<li>Повідомлень ще немає.</li>"}</ul></body></html>`;
}

async function readBody(req: http.IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > BODY_MAX) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function json(res: http.ServerResponse, status: number, body: unknown, headers = {}): void {
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

export async function startDiscordStandIn(
  opts: { port?: number; host?: string; log?: (line: string) => void } = {},
): Promise<DiscordStandIn> {
  const log = opts.log ?? (() => {});
  const messages: PostedMessage[] = [];
  const requests: RecordedRequest[] = [];
  let faults: Fault[] = [];
  let nextId = 1;

  const takeFault = (webhookId: string): Fault | null => {
    const fault = faults.find((f) => !f.webhookId || f.webhookId === webhookId);
    if (!fault) return null;
    fault.count -= 1;
    if (fault.count <= 0) faults = faults.filter((f) => f !== fault);
    return fault;
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (req.method === "GET" && url.pathname === "/") {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end(page(messages));
      return;
    }
    if (req.method === "GET" && url.pathname === "/messages") return json(res, 200, messages);
    if (req.method === "GET" && url.pathname === "/requests") return json(res, 200, requests);
    if (req.method === "DELETE" && url.pathname === "/messages") {
      messages.length = 0;
      requests.length = 0;
      faults = [];
      return json(res, 200, { ok: true });
    }
    if (req.method === "POST" && url.pathname === "/faults") {
      const raw = await readBody(req);
      try {
        const fault = JSON.parse(raw ?? "") as Fault;
        if (!Number.isInteger(fault.count) || fault.count < 1) throw new Error("count");
        faults.push(fault);
        return json(res, 200, { ok: true });
      } catch {
        return json(res, 400, { message: "Invalid fault" });
      }
    }
    const match = WEBHOOK_PATH.exec(url.pathname);
    if (!match) return json(res, 404, { message: "404: Not Found", code: 0 });
    if (req.method !== "POST") {
      return json(res, 405, { message: "405: Method Not Allowed", code: 0 });
    }
    const webhookId = match[1]!;
    const record = (status: number) => requests.push({ at: Date.now(), webhookId, status });
    const raw = await readBody(req);
    if (raw === null) {
      record(413);
      return json(res, 413, { message: "Request entity too large", code: 40005 });
    }
    const fault = takeFault(webhookId);
    if (fault?.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
    if (fault?.status === 429) {
      const retryAfter = fault.retryAfter ?? 1;
      record(429);
      return json(
        res,
        429,
        { message: "You are being rate limited.", retry_after: retryAfter, global: false },
        {
          "Retry-After": String(Math.ceil(retryAfter)),
          "X-RateLimit-Reset-After": String(retryAfter),
        },
      );
    }
    if (fault?.status) {
      record(fault.status);
      return json(res, fault.status, { message: "Internal Server Error", code: 0 });
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      record(400);
      return json(res, 400, { message: "The request body contains invalid JSON.", code: 50109 });
    }
    const problem = validateBody(body);
    if (problem) {
      record(400);
      return json(res, 400, { message: "Invalid Form Body", code: 50035, errors: problem });
    }
    const message: PostedMessage = {
      id: nextId++,
      at: Date.now(),
      webhookId,
      body: body as DiscordBody,
    };
    messages.push(message);
    record(204);
    log(
      `webhook ${webhookId}: ${(message.body.embeds?.[0]?.title as string | undefined) ?? "message"}`,
    );
    if (url.searchParams.get("wait") === "true") return json(res, 200, { id: String(message.id) });
    res.writeHead(204).end();
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) json(res, 500, { message: "stand-in error" });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    messages,
    requests,
    inject: (fault) => faults.push({ ...fault }),
    clear: () => {
      messages.length = 0;
      requests.length = 0;
      faults = [];
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
