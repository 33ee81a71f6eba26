/**
 * Who may put the panel's pages in a frame: other sites may frame a cup's embeddable bracket (the
 * point of it), and nothing else, so no page with buttons can be clickjacked. Static hosts serve
 * the SPA without our code on the server, so the rules become a `_headers` file at build (Netlify
 * and Cloudflare Pages read it) and the dev/preview servers send the same headers. The rules are
 * per route and never overlap: hosts disagree on how overlapping rules combine.
 */
import { paths } from "./paths";

const DENY = {
  "Content-Security-Policy": "frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
} as const;
const ANYONE = { "Content-Security-Policy": "frame-ancestors *" } as const;

/** Routes in `_headers` form (`:name` matches one path segment on both hosts). */
function framingRules(): Array<{ path: string; headers: Record<string, string> }> {
  return Object.values(paths).map((path) => ({
    path,
    headers: path === paths.cupEmbed ? ANYONE : DENY,
  }));
}

const patternOf = (path: string) =>
  new RegExp(`^${path.replace(/:[^/]+/g, "[^/]+").replace(/\/$/, "")}/?$`);

/** The framing headers for a request path; an unknown path (the SPA's 404) is not framed. */
export function framingHeaders(pathname: string): Record<string, string> {
  const rule = framingRules().find((r) => patternOf(r.path).test(pathname));
  return rule?.headers ?? DENY;
}

/** The `_headers` file a static host reads. */
export function headersFile(): string {
  return framingRules()
    .map(
      (r) =>
        `${r.path}\n${Object.entries(r.headers)
          .map(([k, v]) => `  ${k}: ${v}`)
          .join("\n")}\n`,
    )
    .join("");
}
