/*
 * `convex/` as `npx convex deploy` would take it: selected and bundled like the CLI does, every
 * module loaded in a sandbox with only Convex's runtime globals, functions against _generated/api.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkDeployShape, entryPoints, hasUseNode } from "../../dev/scripts/deploy-shape";

const root = path.resolve(import.meta.dirname, "../..");
const convexDir = path.join(root, "convex");

describe("convex/ deploys", () => {
  it("bundles, loads without Node globals, and matches _generated/api", async () => {
    const shape = await checkDeployShape(convexDir);
    expect(shape.problems).toEqual([]);
    expect(shape.functions.length).toBeGreaterThan(100);
    expect(shape.functions).toContainEqual({
      path: "live:dashboard",
      kind: "query",
      isPublic: true,
    });
    expect(shape.functions).toContainEqual({
      path: "poller:fleetTick",
      kind: "action",
      isPublic: false,
    });
    // Tests, fixtures and configs are never deployed.
    const all = [...shape.modules.isolate, ...shape.modules.node];
    expect(all.filter((m) => /test|fixture|config|schema/.test(m))).toEqual([]);
  }, 240_000);
});

describe("what would break a deploy fails the check", () => {
  // Inside the repository, so the fixture resolves `convex/server` like convex/ does.
  const cache = path.join(root, "node_modules", ".cache");
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(path.join(cache, "deploy-shape-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  };
  const query = `import { queryGeneric } from "convex/server";
export const ok = queryGeneric({ args: {}, handler: async () => null });`;

  it("selects entry points as the CLI does", () => {
    write("good.ts", query);
    write("good.test.ts", query);
    write("_generated/server.ts", "export {};");
    write("schema.ts", "export default {};");
    write("nested/deep.ts", query);
    write("component/convex.config.ts", "export default {};");
    write("component/inside.ts", query);
    expect(entryPoints(dir).map((f) => path.relative(dir, f))).toEqual([
      "good.ts",
      path.join("nested", "deep.ts"),
    ]);
    expect(hasUseNode(`// why\n"use node";\nexport {}`)).toBe(true);
    expect(hasUseNode(`export const a = "use node";`)).toBe(false);
  });

  it("a Node built-in in the default runtime, Node globals at load, queries in a Node file", async () => {
    rmSync(path.join(dir, "component"), { recursive: true });
    write(
      "readsDisk.ts",
      `import { readFileSync } from "node:fs";\nexport const f = readFileSync;`,
    );
    let shape = await checkDeployShape(dir, { api: false, authConfig: false });
    expect(shape.problems.join("\n")).toMatch(/readsDisk\.ts: .*node:fs.*"use node"/);
    rmSync(path.join(dir, "readsDisk.ts"));

    write("buffers.ts", `${query}\nexport const bytes = Buffer.from("x");`);
    write("nodeOnly.ts", `"use node";\n${query}`);
    shape = await checkDeployShape(dir, { api: false, authConfig: false });
    expect(shape.problems).toEqual([
      expect.stringMatching(/^buffers: fails to load in Convex's runtime: .*Buffer is not defined/),
      'nodeOnly:ok: a "use node" file may only export actions',
    ]);
  }, 60_000);

  it("a module that _generated/api does not know, and a silent auth config", async () => {
    rmSync(path.join(dir, "buffers.ts"));
    rmSync(path.join(dir, "nodeOnly.ts"));
    write(
      "_generated/api.d.ts",
      "declare const fullApi: ApiFromModules<{\n  good: typeof good;\n  gone: typeof gone;\n}>;",
    );
    write(
      "auth.config.ts",
      `export default { providers: process.env.CLERK_JWT_ISSUER_DOMAIN ? [{ domain: process.env.CLERK_JWT_ISSUER_DOMAIN, applicationID: "convex" }] : [] };`,
    );
    const shape = await checkDeployShape(dir);
    expect(shape.problems).toEqual([
      "not in _generated/api.d.ts: nested/deep",
      "in _generated/api.d.ts but not deployed: gone",
      "auth.config.ts loads without CLERK_JWT_ISSUER_DOMAIN: sign-in would be refused",
    ]);
  }, 60_000);
});
