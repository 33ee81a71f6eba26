import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** Static (not `import()`, not type-only) imports of a source file, resolved to files. */
function staticImports(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^;]*?\sfrom\s+["']([^"']+)["']/gm),
    ...source.matchAll(/^\s*import\s+["']([^"']+)["']/gm),
  ].map((m) => m[1]!);
  const files: string[] = [];
  for (const specifier of specifiers) {
    let base: string;
    if (specifier.startsWith("@/")) base = path.join(root, "src", specifier.slice(2));
    else if (specifier.startsWith(".")) base = path.resolve(path.dirname(file), specifier);
    else continue; // a package
    const found = ["", ".ts", ".tsx", ".js", "/index.ts", "/index.tsx"]
      .map((ext) => base + ext)
      .find((candidate) => existsSync(candidate) && !candidate.endsWith("/"));
    if (found && /\.(tsx?|js)$/.test(found)) files.push(found);
  }
  return files;
}

/** Every file the panel's entry reaches without a lazy `import()`: its first-load chunk. */
function firstLoadFiles(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

describe("a spectator's first load", () => {
  it("carries the live view's texts and no staff, tournament, docs or history texts", () => {
    const files = firstLoadFiles(path.join(root, "src/main.tsx"));
    const namespaces = [...files]
      .map((file) => /src\/i18n\/load\/(\w+)\.ts$/.exec(file)?.[1])
      .filter((name): name is string => name !== undefined)
      .sort();
    // Sanity: the walk reached the dashboard and its texts.
    expect(namespaces).toContain("dashboard");
    for (const staff of ["admin", "moderation", "audit", "conduct", "bans"]) {
      expect(namespaces).not.toContain(staff);
    }
    for (const other of ["tournament", "cup", "docs", "history"]) {
      expect(namespaces).not.toContain(other);
    }
  });
});
