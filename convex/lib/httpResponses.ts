/**
 * The answers of the deployment's HTTP routes: JSON that is never cached (it reflects live
 * state), and the open CORS of the public read API (any site may read it; it takes no
 * credentials).
 */
import type { HttpRouter, PublicHttpAction } from "convex/server";
import { httpAction } from "../_generated/server";

export const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
  "Access-Control-Max-Age": "86400",
};

export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      ...headers,
    },
  });
}

const preflight = httpAction(
  async () => new Response(null, { status: 204, headers: CORS_HEADERS }),
);

/** A GET route of the public read API and its CORS preflight, on one path or prefix. */
export function publicGet(
  http: HttpRouter,
  where: { path: string } | { pathPrefix: string },
  handler: PublicHttpAction,
): void {
  http.route({ ...where, method: "GET", handler });
  http.route({ ...where, method: "OPTIONS", handler: preflight });
}
