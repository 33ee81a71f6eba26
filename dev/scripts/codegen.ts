/**
 * Offline `convex codegen`: writes `convex/_generated/` exactly as `npx convex dev` would for this
 * app, without a deployment. The real CLI needs a deployment's analysis (a push dry-run) to emit the
 * `components` export, so we call the CLI's own templates (shipped as TypeScript sources in
 * `node_modules/convex/src/cli/codegen_templates`) with the two facts that analysis would provide:
 * the list of entry-point modules and the child components named in `convex/convex.config.ts`.
 *
 * Usage: `npm run codegen` (write) or `npm run codegen -- --check` (exit 1 if anything differs).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, type BuildOptions } from "esbuild";
import prettier from "prettier";

const TEMPLATES = "node_modules/convex/src/cli/codegen_templates";

type EnvVarMeta = [string, { type: "value"; value: string; optional?: boolean }];

interface AppAnalysis {
  envVars?: EnvVarMeta[];
  childComponents: { name: string; path: string }[];
}

/**
 * Evaluates `convex/convex.config.ts` the way the Convex bundler does: each imported component
 * definition becomes `{ componentDefinitionPath, defaultName }` (the name comes from the
 * component's own `defineComponent("...")`). Then `app.export()` is the very analysis the CLI reads.
 */
async function analyzeApp(): Promise<{ analysis: AppAnalysis; specifiers: Map<string, string> }> {
  const specifiers = new Map<string, string>();
  const mod = await bundleAndImport<{ default: { export: () => AppAnalysis } }>({
    entryPoints: [path.join(functionsDir, "convex.config.ts")],
    plugins: [
      {
        name: "component-definitions",
        setup(b) {
          b.onResolve({ filter: /\/convex\.config(\.js)?$/ }, (args) => ({
            path: args.path,
            namespace: "component",
          }));
          b.onLoad({ filter: /.*/, namespace: "component" }, (args) => {
            const file = createRequire(path.join(functionsDir, "convex.config.ts")).resolve(
              args.path,
            );
            const defaultName = /defineComponent\(\s*["'](\w+)["']/.exec(
              readFileSync(file, "utf8"),
            )?.[1];
            if (!defaultName) throw new Error(`no defineComponent name in ${file}`);
            specifiers.set(defaultName, args.path.replace(/\/convex\.config.*$/, ""));
            // An instance installed under its own name (`app.use(c, { name })`) is found by path.
            specifiers.set(args.path, args.path.replace(/\/convex\.config.*$/, ""));
            return {
              contents: `export default ${JSON.stringify({ componentDefinitionPath: args.path, defaultName })};`,
              loader: "js",
            };
          });
        },
      },
    ],
  });
  return { analysis: mod.default.export(), specifiers };
}

/** Bundles with esbuild in memory (ESM for Node) and imports the bundle as a module. */
async function bundleAndImport<T>(
  options: Pick<BuildOptions, "entryPoints" | "stdin" | "plugins">,
): Promise<T> {
  const result = await build({
    absWorkingDir: root,
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    logLevel: "silent",
    ...options,
  });
  const code = result.outputFiles[0]!.text;
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)) as T;
}

interface Templates {
  serverCodegen: (opts: { useTypeScript: boolean; envVars: EnvVarMeta[] }) => {
    JS?: string;
    DTS?: string;
  };
  dynamicDataModelDTS: () => string;
  apiComment: (apiName: string, type: "public" | "internal" | undefined) => string;
  compareModulePaths: (a: string, b: string) => number;
  header: (oneLineDescription: string) => string;
  importPath: (modulePath: string) => string;
  moduleIdentifier: (modulePath: string) => string;
}

/**
 * Loads the CLI's codegen templates from their TypeScript sources. They import CLI plumbing
 * (spinners, Sentry, ...) that the template functions never call, so every bare package import
 * is replaced by an inert CommonJS stub while bundling.
 */
async function loadTemplates(): Promise<Templates> {
  return bundleAndImport<Templates>({
    stdin: {
      contents: ["server", "dataModel", "common", "api"]
        .map((m) => `export * from "./${TEMPLATES}/${m}.ts";`)
        .join("\n"),
      resolveDir: root,
      loader: "ts",
    },
    plugins: [
      {
        name: "stub-packages",
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith("node:") ||
            ["path", "fs", "os", "url", "crypto", "util"].includes(args.path)
              ? { external: true }
              : { path: args.path, namespace: "stub" },
          );
          b.onLoad({ filter: /.*/, namespace: "stub" }, () => ({
            contents:
              "module.exports = new Proxy(function () {}, { get: (t, k) => (k === '__esModule' ? false : t) });",
            loader: "js",
          }));
        },
      },
    ],
  });
}

let t: Templates;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const functionsDir = path.join(root, "convex");
const generatedDir = path.join(functionsDir, "_generated");
const ENTRY_POINT_EXTENSIONS = [".ts", ".tsx", ".js", ".jsx", ".cjs", ".mjs", ".cts", ".mts"];

/** Mirrors `entryPoints()` in convex/src/bundler/index.ts. */
export function entryPoints(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) {
        if (existsSync(path.join(full, "convex.config.ts"))) continue;
        walk(full);
        continue;
      }
      const rel = path.relative(dir, full);
      const base = entry.name;
      if (!ENTRY_POINT_EXTENSIONS.some((ext) => rel.endsWith(ext))) continue;
      if (rel.startsWith("_generated" + path.sep)) continue;
      if (base.startsWith(".") || base.startsWith("#")) continue;
      if (base === "schema.ts" || base === "schema.js") continue;
      if ((base.match(/\./g) || []).length > 1) continue;
      if (rel.includes(" ")) continue;
      out.push(rel);
    }
  };
  walk(dir);
  return out.sort((a, b) => t.compareModulePaths(a, b));
}

function apiDTS(modulePaths: string[], components: { name: string; importPath: string }[]): string {
  const lines = [t.header("Generated `api` utility.")];
  for (const modulePath of modulePaths) {
    lines.push(
      `import type * as ${t.moduleIdentifier(modulePath)} from "../${t.importPath(modulePath)}.js";`,
    );
  }
  lines.push(`
    import type {
      ApiFromModules,
      FilterApi,
      FunctionReference,
    } from "convex/server";

    declare const fullApi: ApiFromModules<{
  `);
  for (const modulePath of modulePaths) {
    lines.push(`  "${t.importPath(modulePath)}": typeof ${t.moduleIdentifier(modulePath)},`);
  }
  lines.push(`}>;`);
  lines.push(`
    ${t.apiComment("api", "public")}
    export declare const api: FilterApi<typeof fullApi, FunctionReference<any, "public">>;
    ${t.apiComment("internal", "internal")}
    export declare const internal: FilterApi<typeof fullApi, FunctionReference<any, "internal">>;
  `);
  lines.push(`
  export declare const components: {`);
  for (const c of components) {
    lines.push(
      `  "${c.name}": import("${c.importPath}/_generated/component.js").ComponentApi<"${c.name}">,`,
    );
  }
  lines.push("};");
  return lines.join("\n");
}

function apiJS(): string {
  return `${t.header("Generated `api` utility.")}
    import { anyApi, componentsGeneric } from "convex/server";

    ${t.apiComment("api", undefined)}
    export const api = anyApi;
    export const internal = anyApi;
    export const components = componentsGeneric();
  `;
}

export async function generate(): Promise<Record<string, string>> {
  t = await loadTemplates();
  const modules = entryPoints(functionsDir);
  const { analysis, specifiers } = await analyzeApp();
  const components = analysis.childComponents.map((c) => ({
    name: c.name,
    importPath: specifiers.get(c.name) ?? specifiers.get(c.path) ?? `../${c.path}`,
  }));
  const server = t.serverCodegen({ useTypeScript: false, envVars: analysis.envVars ?? [] });
  const raw: Record<string, string> = {
    "dataModel.d.ts": t.dynamicDataModelDTS(),
    "server.js": server.JS!,
    "server.d.ts": server.DTS!,
    "api.js": apiJS(),
    "api.d.ts": apiDTS(modules, components),
  };
  const out: Record<string, string> = {};
  for (const [name, contents] of Object.entries(raw)) {
    out[name] = await prettier.format(contents, { parser: "typescript" });
  }
  return out;
}

async function main() {
  const check = process.argv.includes("--check");
  const files = await generate();
  const stale: string[] = [];
  mkdirSync(generatedDir, { recursive: true });
  for (const [name, contents] of Object.entries(files)) {
    const target = path.join(generatedDir, name);
    const existing = existsSync(target) ? readFileSync(target, "utf8") : null;
    if (existing === contents) continue;
    stale.push(name);
    if (!check) writeFileSync(target, contents);
  }
  const extra = readdirSync(generatedDir).filter((f) => !(f in files));
  if (check) {
    if (stale.length || extra.length) {
      console.error(
        `convex/_generated is stale: ${[...stale, ...extra].join(", ")}. Run npm run codegen.`,
      );
      process.exit(1);
    }
    console.log("convex/_generated is up to date.");
  } else {
    console.log(
      stale.length ? `wrote ${stale.join(", ")}` : "convex/_generated already up to date",
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
