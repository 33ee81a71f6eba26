/**
 * `npm run deploy:check`: what `npx convex deploy` would do with `convex/` before it talks to a
 * deployment, offline, so a file that would break a deploy fails CI instead.
 *
 * 1. Select the entry points as the Convex CLI does (its bundler's `entryPoints`): JS/TS files,
 *    not under `_generated/`, not dotfiles or editor temp files, not `schema.ts`, no second dot in
 *    the name (tests, `*.config.ts`), no spaces; directories that define a component skipped.
 *    A `"use node"` directive puts a file in the Node runtime (not allowed for http, crons,
 *    schema, auth.config).
 * 2. Bundle them with esbuild as the CLI does: ESM, esnext, `convex`/`module` conditions, code
 *    splitting, `platform: "browser"` for Convex's runtime (a Node built-in fails here, as it
 *    fails the deploy) and `"node"` for `"use node"` files.
 * 3. Load every default-runtime module in a sandbox holding only the globals Convex's runtime
 *    has (no `process` beyond `process.env`, no `Buffer`, `require`, `global`, `setImmediate`,
 *    `__dirname`): module-level code that needs Node fails here.
 * 4. List the registered functions and check the modules against `_generated/api.d.ts`; a
 *    `"use node"` module may only export actions.
 * 5. Evaluate `auth.config.ts` the way the deploy does: without `CLERK_JWT_ISSUER_DOMAIN` it must
 *    refuse loudly, with it it must name the provider.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import vm from "node:vm";
import * as esbuild from "esbuild";

export interface DeployShape {
  /** Entry points by runtime, relative to the functions directory, without extension. */
  modules: { isolate: string[]; node: string[] };
  /** `module:export` of every registered function, with its kind and visibility. */
  functions: Array<{ path: string; kind: "query" | "mutation" | "action"; isPublic: boolean }>;
  /** Problems that would break a deploy (or make it silently wrong); empty when all is well. */
  problems: string[];
}

const EXTENSIONS = [".js", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts", ".jsx"];
const MUST_BE_ISOLATE = ["http", "crons", "schema", "auth.config"];

/** The CLI's entry-point rule (convex/src/bundler/index.ts `entryPoints`). */
export function entryPoints(dir: string): string[] {
  const found: string[] = [];
  const walk = (rel: string, depth: number) => {
    for (const e of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const r = rel ? path.join(rel, e.name) : e.name;
      if (e.isDirectory()) {
        // A directory with its own convex.config.ts defines a component: not deployed here.
        if (existsSync(path.join(dir, r, "convex.config.ts"))) continue;
        if (e.name === "node_modules") continue;
        walk(r, depth + 1);
        continue;
      }
      const base = e.name;
      if (!EXTENSIONS.some((ext) => r.endsWith(ext))) continue;
      if (r.startsWith(`_generated${path.sep}`)) continue;
      if (base.startsWith(".") || base.startsWith("#")) continue;
      if (base === "schema.ts" || base === "schema.js") continue;
      if ((base.match(/\./g) ?? []).length > 1) continue;
      if (r.includes(" ")) continue;
      found.push(path.join(dir, r));
    }
  };
  walk("", 0);
  return found.sort();
}

/** A `"use node"` directive at the top of the file (before any statement). */
export function hasUseNode(source: string): boolean {
  const stripped = source.replace(/^(\s*(\/\/[^\n]*\n|\/\*[\s\S]*?\*\/))*\s*/, "");
  return /^["']use node["']\s*;?/.test(stripped);
}

const moduleName = (dir: string, file: string) =>
  path
    .relative(dir, file)
    .replace(/\.[^/.]+$/, "")
    .split(path.sep)
    .join("/");

/** Convex's runtime has `AsyncLocalStorage` as a global and shims `async_hooks` to it. */
const asyncHooksShim: esbuild.Plugin = {
  name: "convex-async-hooks-shim",
  setup(build) {
    build.onResolve({ filter: /^(node:)?async_hooks$/ }, (args) => ({
      path: args.path,
      namespace: "async-hooks-shim",
    }));
    build.onLoad({ filter: /.*/, namespace: "async-hooks-shim" }, () => ({
      contents:
        "export const AsyncLocalStorage = globalThis.AsyncLocalStorage;" +
        "export const AsyncResource = globalThis.AsyncResource;" +
        "export default { AsyncLocalStorage, AsyncResource };",
      loader: "js",
    }));
  },
};

function buildOptions(dir: string, platform: esbuild.Platform): esbuild.BuildOptions {
  return {
    bundle: true,
    platform,
    target: "esnext",
    jsx: "automatic",
    outdir: "out",
    outbase: dir,
    conditions: ["convex", "module"],
    plugins: platform === "browser" ? [asyncHooksShim] : [],
    write: false,
    logLevel: "silent",
    metafile: true,
  };
}

/** The globals of Convex's default runtime that module-level code may touch. */
function convexRuntimeSandbox(env: Record<string, string>) {
  const g = globalThis as unknown as Record<string, unknown>;
  const allowed = [
    "console",
    "TextEncoder",
    "TextDecoder",
    "URL",
    "URLSearchParams",
    "atob",
    "btoa",
    "crypto",
    "structuredClone",
    "Blob",
    "File",
    "FormData",
    "Headers",
    "Request",
    "Response",
    "fetch",
    "AbortController",
    "AbortSignal",
    "Event",
    "EventTarget",
    "ReadableStream",
    "WritableStream",
    "TransformStream",
    "setTimeout",
    "clearTimeout",
    "setInterval",
    "clearInterval",
    "queueMicrotask",
  ];
  const sandbox: Record<string, unknown> = { process: { env: { ...env } } };
  for (const name of allowed) sandbox[name] = g[name];
  return sandbox;
}

interface Registered {
  isQuery?: boolean;
  isMutation?: boolean;
  isAction?: boolean;
  isPublic?: boolean;
  isInternal?: boolean;
}

function loadInSandbox(code: string, file: string, env: Record<string, string>) {
  const module = { exports: {} as Record<string, unknown> };
  const context = vm.createContext({
    ...convexRuntimeSandbox(env),
    module,
    exports: module.exports,
  });
  vm.runInContext(code, context, { filename: file });
  return module.exports;
}

/** A `"use node"` module runs in Node: its built-ins stay external, so it gets a real require. */
function loadInNode(code: string, dir: string) {
  const module = { exports: {} as Record<string, unknown> };
  const require = createRequire(path.join(dir, "package.json"));
  new Function("module", "exports", "require", code)(module, module.exports, require);
  return module.exports;
}

/** Bundles `entries` once as the CLI does (errors count) and once per file as a loadable script. */
async function bundle(dir: string, entries: string[], platform: esbuild.Platform) {
  const problems: string[] = [];
  if (entries.length === 0) return { problems, scripts: new Map<string, string>() };
  try {
    await esbuild.build({
      ...buildOptions(dir, platform),
      entryPoints: entries,
      format: "esm",
      splitting: true,
      chunkNames: "_deps/[hash]",
    });
  } catch (error) {
    for (const e of (error as esbuild.BuildFailure).errors ?? [{ text: String(error) }]) {
      const at = e.location ? `${path.relative(dir, e.location.file)}: ` : "";
      const hint = e.notes?.some((n) => n.text.includes("bundle for node"))
        ? ' (a Node API outside a "use node" file)'
        : "";
      problems.push(`bundling failed: ${at}${e.text}${hint}`);
    }
    return { problems, scripts: new Map<string, string>() };
  }
  const scripts = new Map<string, string>();
  const result = await esbuild.build({
    ...buildOptions(dir, platform),
    entryPoints: entries,
    format: "cjs",
    splitting: false,
  });
  for (const out of result.outputFiles ?? []) {
    scripts.set(path.relative(path.resolve("out"), out.path).replace(/\.js$/, ""), out.text);
  }
  return { problems, scripts };
}

/** The modules `_generated/api.d.ts` was generated for. */
export function generatedModules(dir: string): string[] {
  const file = path.join(dir, "_generated", "api.d.ts");
  if (!existsSync(file)) return [];
  const source = readFileSync(file, "utf8");
  const block = /declare const fullApi: ApiFromModules<\{([\s\S]*?)\}>/.exec(source)?.[1] ?? "";
  return [...block.matchAll(/^\s*"?([\w/.-]+)"?\s*:\s*typeof/gm)].map((m) => m[1]!).sort();
}

async function checkAuthConfig(dir: string): Promise<string[]> {
  const file = path.join(dir, "auth.config.ts");
  if (!existsSync(file)) return ["auth.config.ts is missing: no sign-in would ever be accepted"];
  const problems: string[] = [];
  const result = await esbuild.build({
    ...buildOptions(dir, "browser"),
    entryPoints: [file],
    format: "cjs",
  });
  const code = result.outputFiles![0]!.text;
  try {
    loadInSandbox(code, file, {});
    problems.push("auth.config.ts loads without CLERK_JWT_ISSUER_DOMAIN: sign-in would be refused");
  } catch (error) {
    if (!/CLERK_JWT_ISSUER_DOMAIN/.test(String(error))) {
      problems.push(`auth.config.ts fails without saying why: ${String(error)}`);
    }
  }
  const config = loadInSandbox(code, file, {
    CLERK_JWT_ISSUER_DOMAIN: "https://example.clerk.accounts.dev",
  }).default as { providers?: Array<{ domain?: string; applicationID?: string }> } | undefined;
  const provider = config?.providers?.[0];
  if (
    provider?.domain !== "https://example.clerk.accounts.dev" ||
    provider.applicationID !== "convex"
  ) {
    problems.push("auth.config.ts does not name the Clerk issuer with applicationID convex");
  }
  return problems;
}

export async function checkDeployShape(
  dir: string,
  opts: { api?: boolean; authConfig?: boolean } = {},
): Promise<DeployShape> {
  const problems: string[] = [];
  const isolate: string[] = [];
  const node: string[] = [];
  for (const file of entryPoints(dir)) {
    const rel = moduleName(dir, file);
    if (rel.startsWith("_deps/")) problems.push(`${rel}: the _deps directory is reserved`);
    if (!hasUseNode(readFileSync(file, "utf8"))) isolate.push(file);
    else if (MUST_BE_ISOLATE.includes(rel)) problems.push(`${rel}: "use node" is not allowed here`);
    else node.push(file);
  }
  const functions: DeployShape["functions"] = [];
  for (const [files, platform] of [
    [isolate, "browser"],
    [node, "node"],
  ] as const) {
    const bundled = await bundle(dir, files, platform);
    problems.push(...bundled.problems);
    for (const [name, code] of bundled.scripts) {
      let exports: Record<string, unknown>;
      try {
        exports = platform === "browser" ? loadInSandbox(code, name, {}) : loadInNode(code, dir);
      } catch (error) {
        problems.push(`${name}: fails to load in Convex's runtime: ${String(error)}`);
        continue;
      }
      for (const [exportName, value] of Object.entries(exports)) {
        const fn = value as Registered | null;
        if (!fn || !(fn.isQuery || fn.isMutation || fn.isAction)) continue;
        const kind = fn.isQuery ? "query" : fn.isMutation ? "mutation" : "action";
        if (platform === "node" && kind !== "action") {
          problems.push(`${name}:${exportName}: a "use node" file may only export actions`);
        }
        functions.push({ path: `${name}:${exportName}`, kind, isPublic: fn.isPublic === true });
      }
    }
  }
  const modules = {
    isolate: isolate.map((f) => moduleName(dir, f)),
    node: node.map((f) => moduleName(dir, f)),
  };
  if (opts.api !== false) {
    const generated = generatedModules(dir);
    const bundled = [...modules.isolate, ...modules.node].sort();
    const missing = bundled.filter((m) => !generated.includes(m));
    const stale = generated.filter((m) => !bundled.includes(m));
    if (missing.length) problems.push(`not in _generated/api.d.ts: ${missing.join(", ")}`);
    if (stale.length) problems.push(`in _generated/api.d.ts but not deployed: ${stale.join(", ")}`);
  }
  if (opts.authConfig !== false) problems.push(...(await checkAuthConfig(dir)));
  return { modules, functions: functions.sort((a, b) => a.path.localeCompare(b.path)), problems };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename;
if (isMain) {
  const dir = path.resolve(process.argv[2] ?? "convex");
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    console.error(`Не знайдено каталог функцій: ${dir}`);
    process.exit(2);
  }
  const shape = await checkDeployShape(dir);
  console.log(
    `${shape.modules.isolate.length} modules for Convex's runtime, ${shape.modules.node.length} "use node";` +
      ` ${shape.functions.length} functions (${shape.functions.filter((f) => f.isPublic).length} public)`,
  );
  for (const p of shape.problems) console.error(`✗ ${p}`);
  process.exit(shape.problems.length ? 1 : 0);
}
