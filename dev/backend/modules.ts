/**
 * Turns a `convex/` directory (and component packages) into what convex-test expects outside Vite:
 * a modules map `{"./convex/x.ts": () => import(abs)}` standing in for `import.meta.glob`.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { GenericSchema, SchemaDefinition } from "convex/server";
import { splitUdfPath, type Kind } from "./protocol";

export type ModulesMap = Record<string, () => Promise<Record<string, unknown>>>;
export type AnySchema = SchemaDefinition<GenericSchema, boolean>;

export interface ComponentSpec {
  /** Path as convex-test names it: "rateLimiter", "rateLimiter/batchWorker". */
  name: string;
  /** Directory holding the component's compiled functions and schema (e.g. dist/component). */
  dir: string;
}

/** Runtime flags `queryGeneric`/`internalMutationGeneric`/... put on registered functions. */
interface RegisteredFunction {
  isQuery?: boolean;
  isMutation?: boolean;
  isAction?: boolean;
  isPublic?: boolean;
}

type OnLoad = (mod: Record<string, unknown>) => Record<string, unknown>;

/** convex-test asks for a function's module on every call; Node caches the module, but each
 * `import()` still goes through the loader hooks (tsx: a round trip to its worker thread, about
 * a millisecond). So the first load is kept; a failed one is tried again next time. */
const importFile = (abs: string, onLoad: OnLoad = (m) => m) => {
  let loaded: Promise<Record<string, unknown>> | undefined;
  return () =>
    (loaded ??= (import(pathToFileURL(abs).href) as Promise<Record<string, unknown>>)
      .then(onLoad)
      .catch((error: unknown) => {
        loaded = undefined;
        throw error;
      }));
};

function walk(dir: string, rel = ""): string[] {
  return readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) return e.name === "node_modules" ? [] : walk(dir, r);
    return [r];
  });
}

/** Convex's own entry-point rule (bundler/index.ts): JS/TS files whose name has a single dot.
 * That skips tests, `*.d.ts`, and `convex.config`/`auth.config`, which only evaluate inside
 * Convex's bundler (compiled component configs may even use extensionless imports). */
function isModuleFile(rel: string): boolean {
  const base = path.basename(rel);
  return (
    /\.(ts|tsx|js|jsx|mjs|cjs|mts|cts)$/.test(base) &&
    (base.match(/\./g) ?? []).length === 1 &&
    !/^[.#]/.test(base)
  );
}

/** `onLoad` sees each module once loaded (the engine wraps registered functions there). */
export function buildModulesMap(dir: string, prefix: string, onLoad?: OnLoad): ModulesMap {
  const map: ModulesMap = {};
  for (const rel of walk(dir).filter(isModuleFile)) {
    map[`${prefix}${rel}`] = importFile(path.join(dir, rel), onLoad);
  }
  // convex-test finds the functions root from a key containing "_generated".
  if (!Object.keys(map).some((k) => k.includes("_generated"))) {
    map[`${prefix}_generated/server.js`] = () => Promise.resolve({});
  }
  return map;
}

export async function loadSchema(dir: string): Promise<AnySchema | undefined> {
  for (const name of ["schema.ts", "schema.js"]) {
    const file = path.join(dir, name);
    if (existsSync(file)) return (await importFile(file)())["default"] as AnySchema;
  }
  return undefined;
}

/** The app's modules, addressable by canonical udf path for visibility and kind checks. */
export class AppModules {
  readonly map: ModulesMap;
  private readonly byModule = new Map<string, () => Promise<Record<string, unknown>>>();

  constructor(
    readonly dir: string,
    onLoad?: OnLoad,
  ) {
    this.map = buildModulesMap(dir, "./convex/", onLoad);
    for (const [key, load] of Object.entries(this.map)) {
      this.byModule.set(key.slice("./convex/".length).replace(/\.[^./]+$/, ""), load);
    }
  }

  has(module: string): boolean {
    return this.byModule.has(module);
  }

  async exportOf(module: string): Promise<Record<string, unknown> | undefined> {
    return this.byModule.get(module)?.();
  }

  /** Returns the function's kind, or throws the error message the real backend would send. */
  async kindOf(udfPath: string, opts: { allowInternal: boolean }): Promise<Kind> {
    const { module, name } = splitUdfPath(udfPath);
    const fn = (await this.exportOf(module))?.[name] as RegisteredFunction | undefined;
    const kind = fn?.isQuery
      ? "query"
      : fn?.isMutation
        ? "mutation"
        : fn?.isAction
          ? "action"
          : undefined;
    if (!kind || (!fn?.isPublic && !opts.allowInternal)) {
      throw new Error(
        `Could not find public function for '${module}:${name}'. Did you forget to run \`npx convex dev\`?`,
      );
    }
    return kind;
  }
}

/**
 * Reads the component tree from `convex.config.ts` as text: evaluating it outside Convex's bundler
 * throws ("componentDefinitionPath ... only works in Convex runtime"). Follows `app.use(x, {name})`
 * to each package's `convex.config.js`, whose directory holds the component's modules.
 */
export function discoverComponents(configFile: string, prefix = ""): ComponentSpec[] {
  if (!existsSync(configFile)) return [];
  const src = readFileSync(configFile, "utf8");
  const imports = new Map<string, string>();
  for (const m of src.matchAll(/import\s+(\w+)\s+from\s+["']([^"']+)["']/g)) {
    imports.set(m[1]!, m[2]!);
  }
  const require = createRequire(configFile);
  const found: ComponentSpec[] = [];
  // Options may nest one level (workpool: `component.use(batchWorker, { env: { LOG_LEVEL } })`).
  for (const m of src.matchAll(/\.use\(\s*(\w+)\s*(?:,\s*\{((?:[^{}]|\{[^{}]*\})*)\})?\s*\)/g)) {
    const spec = imports.get(m[1]!);
    if (!spec) continue;
    const file = resolveConfig(require, spec);
    const ownName = /defineComponent\(\s*["']([^"']+)["']/.exec(readFileSync(file, "utf8"))?.[1];
    const given = /name\s*:\s*["']([^"']+)["']/.exec(m[2] ?? "")?.[1];
    const name = `${prefix}${given ?? ownName ?? path.basename(path.dirname(file))}`;
    found.push({ name, dir: path.dirname(file) }, ...discoverComponents(file, `${name}/`));
  }
  return found;
}

function resolveConfig(require: NodeJS.Require, spec: string): string {
  const candidates = [spec, spec.replace(/\.js$/, ".ts"), `${spec}.ts`, `${spec}.js`];
  for (const c of candidates) {
    try {
      return require.resolve(c);
    } catch {
      // Local components are TypeScript; try the next spelling.
    }
  }
  throw new Error(`Cannot resolve component config "${spec}"`);
}
