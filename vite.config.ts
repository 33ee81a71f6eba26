import path from "node:path";
import react from "@vitejs/plugin-react";
import { version as convexVersion } from "convex";
import { defineConfig, type Alias, type Connect, type Plugin } from "vite";
import { earlyPageScript } from "./src/config/early-page";
import { framingHeaders, headersFile } from "./src/config/framing";

/**
 * React's API on Preact's compatible layer, for the panel and the overlay alike. React DOM alone
 * is about 57 kB gzip, half of a spectator's whole first-load budget on a phone; Preact with its
 * React layer is about 6 kB. The dev server uses it too, so the browser tests exercise what ships;
 * the unit tests (vitest.config.ts) keep React, whose testing tools they use.
 */
export const preactAliases: Alias[] = [
  { find: "@", replacement: path.resolve(import.meta.dirname, "src") },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
  { find: /^react$/, replacement: "preact/compat" },
];

/**
 * `/overlay/<key>` is the OBS overlay's own page (overlay.html, a light entry of its own): the dev
 * and preview servers send it there the way a production host's rewrite does.
 */
export function overlayPage(): Plugin {
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    if (req.url && /^\/overlay\/[^/?]+\/?(\?|$)/.test(req.url)) {
      req.url = `/overlay.html${req.url.slice(req.url.indexOf("?") === -1 ? req.url.length : req.url.indexOf("?"))}`;
    }
    next();
  };
  return {
    name: "overlay-page",
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

/**
 * React Router publishes only its development build through its package exports (warnings and
 * checks included, about 4 kB gzip more); production builds take the production one beside it.
 */
const routerProduction: Alias = {
  find: /^react-router$/,
  replacement: path.resolve(
    import.meta.dirname,
    "node_modules/react-router/dist/production/index.mjs",
  ),
};

/**
 * The page's HTML opens the Convex socket before its scripts download (src/app/early-socket.ts
 * hands it to the Convex client), at the URL the client itself would open, and on the dashboard
 * asks for its first screen's live view (src/config/early-page.ts).
 */
export function earlySocket(): Plugin {
  let script: string | null = null;
  return {
    name: "early-socket",
    configResolved(config) {
      const address = String(config.env.VITE_CONVEX_URL || "http://127.0.0.1:3210");
      const match = /^(https?):\/\/(.+)$/.exec(address);
      script = match
        ? earlyPageScript(
            `${match[1] === "https" ? "wss" : "ws"}://${match[2]}/api/${convexVersion}/sync`,
            `${match[1]}://${match[2]!.replace(/\/$/, "")}`,
          )
        : null;
    },
    transformIndexHtml: () =>
      script ? [{ tag: "script", children: script, injectTo: "head-prepend" }] : [],
  };
}

/**
 * Framing headers (src/config/framing.ts): sent by the dev and preview servers, and written to
 * `dist/_headers` for a static host.
 */
export function framing(): Plugin {
  const send: Connect.NextHandleFunction = (req, res, next) => {
    const pathname = (req.url ?? "/").split("?")[0]!;
    for (const [name, value] of Object.entries(framingHeaders(pathname))) {
      res.setHeader(name, value);
    }
    next();
  };
  return {
    name: "framing",
    configureServer: (server) => void server.middlewares.use(send),
    configurePreviewServer: (server) => void server.middlewares.use(send),
    generateBundle() {
      this.emitFile({ type: "asset", fileName: "_headers", source: headersFile() });
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), overlayPage(), earlySocket(), framing()],
  resolve: { alias: command === "build" ? [...preactAliases, routerProduction] : preactAliases },
  server: { host: "127.0.0.1", port: 5173, strictPort: true },
  preview: { host: "127.0.0.1", port: 4173 },
  build: {
    outDir: "dist",
    target: "es2022",
    sourcemap: false,
    rollupOptions: {
      onwarn(warning, warn) {
        // React Router reads React 19's `use` and `useOptimistic` only when they exist; Preact's
        // layer has neither, and the router works without them.
        const guarded =
          warning.code === "IMPORT_IS_UNDEFINED" && /preact[\\/]compat/.test(warning.message);
        if (!guarded) warn(warning);
      },
      output: {
        // What the first screen needs, in one script and one stylesheet: on a phone's 150 ms round
        // trip each extra file costs a round trip of its own (six at a time), and the first load
        // was about fifty small ones.
        codeSplitting: { groups: [{ name: "first", tags: ["$initial"] }] },
      },
    },
  },
}));
