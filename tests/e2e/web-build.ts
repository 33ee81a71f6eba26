/**
 * The browser tests run the panel's production build, the way a host serves it: what ships, and
 * one script to load per page instead of the dev server's hundreds of modules (each file's pages
 * loaded in 5–8 s from a dev server on a loaded machine). It is built once per run (vitest's
 * global setup of the e2e project) and again only when a source it is made from changed. The
 * backend's address differs per test file (OS-assigned ports), so the build carries placeholder
 * hosts that the test server replaces (browser.ts), as a host injects runtime configuration.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import path from "node:path";
import { buildWeb } from "../../dev/bench/web-serve";

const root = path.resolve(import.meta.dirname, "../..");
export const E2E_WEB_DIR = path.join(root, "node_modules/.e2e-web");
/** Hosts the build is made with; browser.ts puts the backend's `127.0.0.1:<port>` in their place. */
export const SYNC_HOST_PLACEHOLDER = "convex-e2e.invalid:1";
export const SITE_HOST_PLACEHOLDER = "convex-site-e2e.invalid:1";

const SOURCES = [
  "src",
  "convex",
  "public",
  "index.html",
  "overlay.html",
  "vite.config.ts",
  "vite.overlay.config.ts",
  "package-lock.json",
];

/** Names, sizes and modification times of everything the build is made from. */
function sourcesStamp(): string {
  const hash = createHash("sha256");
  const visit = (rel: string) => {
    const full = path.join(root, rel);
    if (!existsSync(full)) return;
    const stat = statSync(full);
    if (stat.isDirectory()) {
      for (const name of readdirSync(full).sort()) {
        if (name !== "node_modules") visit(path.join(rel, name));
      }
    } else {
      hash.update(`${rel}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  };
  for (const rel of SOURCES) visit(rel);
  return hash.digest("hex");
}

export default function setup(): void {
  const stampFile = path.join(E2E_WEB_DIR, ".sources");
  const stamp = sourcesStamp();
  if (existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) return;
  buildWeb(E2E_WEB_DIR, {
    VITE_CONVEX_URL: `http://${SYNC_HOST_PLACEHOLDER}`,
    VITE_CONVEX_SITE_URL: `http://${SITE_HOST_PLACEHOLDER}`,
    VITE_DEMO_AUTH: "1",
    VITE_CLERK_PUBLISHABLE_KEY: "",
  });
  writeFileSync(stampFile, stamp);
}
