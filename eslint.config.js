import { readdirSync } from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import convexPlugin from "@convex-dev/eslint-plugin";
import importPlugin from "eslint-plugin-import";
import reactHooks from "eslint-plugin-react-hooks";
import reactRefresh from "eslint-plugin-react-refresh";
import globals from "globals";
import tseslint from "typescript-eslint";

const root = import.meta.dirname;

// Import zones: import/no-restricted-paths resolves every import, relative or `@/`, to a file
// and checks where that file lives (an import it cannot resolve is skipped; tsc rejects those).
// Paths are relative to the repo root.
const SHARED = ["components", "hooks", "lib", "i18n", "config", "styles", "test"].map(
  (d) => `./src/${d}`,
);
const FEATURES = readdirSync(path.join(root, "src/features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const srcZones = [
  // A feature imports itself, the shared folders and packages: never another feature, src/app or main.tsx.
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: ".",
    except: [`./src/features/${feature}`, ...SHARED, "./node_modules"],
    message: `Feature "${feature}" may import only itself and the shared folders (src/components, hooks, lib, i18n, config, styles, test); move shared code there.`,
  })),
  {
    target: SHARED,
    from: ["./src/features", "./src/app", "./src/main.tsx"],
    message: "Shared folders never import features or the app layer.",
  },
];

// Handler files are the top-level convex/*.ts modules. Every non-test Convex module (handlers and
// the model/, lib/, gameServer/ layers alike) imports only those layers and _generated/, so a
// handler never imports another handler and the layers never reach back up into a handler (the
// layers may import each other). Tests and the test-only convex/testing/ fixtures are exempt.
const convexZones = [
  {
    target: "./convex",
    from: "./convex",
    except: ["./model", "./lib", "./gameServer", "./_generated"],
    message:
      "Convex modules import only ./model, ./lib, ./gameServer and ./_generated: move shared code into a layer, reach other functions through internal.* / api.*.",
  },
];

export default tseslint.config(
  { ignores: ["dist", "node_modules", "convex/_generated", "coverage", "test-results"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      curly: ["error", "multi-line"],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
    plugins: { "react-hooks": reactHooks, "react-refresh": reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "react-refresh/only-export-components": ["warn", { allowConstantExport: true }],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}", "convex/**/*.ts"],
    plugins: { import: importPlugin },
    settings: {
      // Without a parser for .ts the plugin cannot read the files an import leads to, and
      // import/no-cycle then passed every circle it should have refused.
      "import/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import/resolver": {
        typescript: {
          project: [path.join(root, "tsconfig.json"), path.join(root, "convex/tsconfig.json")],
        },
      },
    },
  },
  {
    // No import circle: a module's dependencies load before it, whatever imports it first.
    files: ["src/**/*.{ts,tsx}", "convex/**/*.ts"],
    ignores: ["convex/_generated/**"],
    rules: { "import/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // The browser build renders through Preact's React layer, whose function components never get
    // `ref` among their props: a React 19 ref-as-prop would silently do nothing there.
    files: ["src/**/*.tsx"],
    ignores: ["src/**/*.test.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "TSPropertySignature[key.name='ref']",
          message:
            "Take a ref through forwardRef, not a `ref` prop: Preact's function components never receive it.",
        },
      ],
    },
  },
  {
    // Feature folders stay independent; the app layer (src/app, src/main.tsx) composes them and
    // is not a target, so it may import anything.
    files: ["src/**/*.{ts,tsx}"],
    rules: { "import/no-restricted-paths": ["error", { basePath: root, zones: srcZones }] },
  },
  {
    files: ["convex/**/*.ts"],
    ignores: ["convex/**/*.test.ts", "convex/test.setup.ts", "convex/testing/**"],
    rules: { "import/no-restricted-paths": ["error", { basePath: root, zones: convexZones }] },
  },
  ...convexPlugin.configs.recommended,
  {
    files: ["convex/**/*.ts"],
    ignores: ["convex/lib/functions.ts", "convex/**/*.test.ts", "convex/test.setup.ts"],
    rules: {
      // App modules reach public functions only through our permission builders (lib/functions.ts).
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "./_generated/server",
              importNames: ["query", "mutation", "action"],
              message: "Use the builders in convex/lib/functions.ts.",
            },
            {
              name: "../_generated/server",
              importNames: ["query", "mutation", "action"],
              message: "Use the builders in convex/lib/functions.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["convex/**/*.ts"],
    ignores: ["convex/**/*.test.ts", "convex/test.setup.ts", "convex/testing/**"],
    rules: {
      // Convex's runtime builds AbortSignal from a polyfill whose older releases have no static
      // timeout(): a call there would throw and read as "the other side is down".
      "no-restricted-properties": [
        "error",
        {
          object: "AbortSignal",
          property: "timeout",
          message: "Use timedFetch (convex/lib/timedFetch.ts): it works in both runtimes.",
        },
      ],
    },
  },
  {
    files: ["dev/**/*.ts", "tests/**/*.ts", "*.config.{js,ts}", "convex/**/*.ts"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Tests set deployment variables directly; convex-test's `env` is process.env.
    files: ["convex/**/*.test.ts", "convex/test.setup.ts", "convex/testing/**/*.ts"],
    rules: { "@convex-dev/no-process-env": "off" },
  },
);
