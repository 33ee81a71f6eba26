import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { earlySocket, preactAliases } from "./vite.config";

/**
 * The overlay's production build (`npm run build` runs it after the panel's, into the same dist/):
 * overlay.html, on Preact as the panel is, with no router, no sign-in and no panel code.
 */
export default defineConfig({
  plugins: [react(), earlySocket()],
  resolve: { alias: preactAliases },
  build: {
    outDir: "dist",
    emptyOutDir: false,
    target: "es2022",
    sourcemap: false,
    rollupOptions: { input: path.resolve(import.meta.dirname, "overlay.html") },
  },
});
