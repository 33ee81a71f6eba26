import js from "@eslint/js";
import convexPlugin from "@convex-dev/eslint-plugin";
import reactHooks from "eslint-plugin-react-hooks";
import reactRefresh from "eslint-plugin-react-refresh";
import globals from "globals";
import tseslint from "typescript-eslint";

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
      // Feature folders stay independent: shared code lives in components/, lib/, hooks/, i18n/.
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["../../features/*", "@/features/*/*"], message: "No cross-feature imports." },
          ],
        },
      ],
    },
  },
  {
    // The app layer (providers, router, panel page) composes the features: the one place that may import them.
    files: ["src/app/**/*.{ts,tsx}", "src/main.tsx"],
    rules: { "no-restricted-imports": "off" },
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
    files: ["dev/**/*.ts", "tests/**/*.ts", "*.config.{js,ts}", "convex/**/*.ts"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Tests set deployment variables directly; convex-test's `env` is process.env.
    files: ["convex/**/*.test.ts", "convex/test.setup.ts"],
    rules: { "@convex-dev/no-process-env": "off" },
  },
);
