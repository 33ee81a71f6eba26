/**
 * One POST a simulated game server makes to the panel (MatchZy's events, CS2's HTTP log): on a
 * fresh connection, bounded by a timeout, the answer's status and (at most 64 KiB of) text.
 */
import http from "node:http";
import https from "node:https";

const MAX_RESPONSE_BYTES = 64 * 1024;

export interface OutboundPost {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Requests under way, so their owner can abort them all when it stops. */
  requests: Set<http.ClientRequest>;
}

export function postOnce({
  url,
  headers,
  body,
  timeoutMs,
  requests,
}: OutboundPost): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const client = target.protocol === "https:" ? https : http;
    // request() throws at once on a header name or value Node refuses: a failed attempt.
    const req = client.request(target, {
      method: "POST",
      agent: false,
      headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
    });
    requests.add(req);
    const timer = setTimeout(() => {
      req.destroy(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      requests.delete(req);
    };
    req.on("error", (error) => {
      done();
      reject(error);
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_RESPONSE_BYTES) chunks.push(chunk);
      });
      res.on("end", () => {
        done();
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") });
      });
      res.on("error", (error) => {
        done();
        reject(error);
      });
      res.on("close", () => {
        if (res.complete) return;
        done();
        reject(new Error("connection closed before the answer ended"));
      });
    });
    req.end(body);
  });
}
