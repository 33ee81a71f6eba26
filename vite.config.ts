import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Connect, type Plugin } from "vite";

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

export default defineConfig({
  plugins: [react(), overlayPage()],
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  server: { host: "127.0.0.1", port: 5173, strictPort: true },
  preview: { host: "127.0.0.1", port: 4173 },
  build: { outDir: "dist", target: "es2022", sourcemap: false },
});
