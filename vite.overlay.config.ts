import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * The overlay's production build (`npm run build` runs it after the panel's, into the same dist/):
 * overlay.html with React swapped for Preact's compatible layer. React DOM alone is about 57 kB
 * gzip, more than a scorebug's whole budget; Preact with its React layer is about 5 kB. The panel
 * keeps React.
 */
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: "@", replacement: path.resolve(import.meta.dirname, "src") },
      { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
      { find: /^react-dom$/, replacement: "preact/compat" },
      { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
      { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
      { find: /^react$/, replacement: "preact/compat" },
    ],
  },
  build: {
    outDir: "dist",
    emptyOutDir: false,
    target: "es2022",
    sourcemap: false,
    rollupOptions: { input: path.resolve(import.meta.dirname, "overlay.html") },
  },
});
