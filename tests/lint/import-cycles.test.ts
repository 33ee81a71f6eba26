import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// import/no-cycle must read the TypeScript files an import leads to: without a parser for them
// (the repo config's `import/parsers`) it silently passed every circle. Each case lints a real
// module's path with made-up text, so the module it imports (which imports that path back) closes
// a circle. The rule's shortcut (skip imports outside the file's strongly connected component,
// computed from the files on disk) would miss a circle the made-up text alone closes, so it is off
// here; the rule is otherwise the repo's own.
const root = path.resolve(import.meta.dirname, "../..");

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({
    cwd: root,
    overrideConfig: {
      files: ["src/**/*.{ts,tsx}", "convex/**/*.ts"],
      rules: { "import/no-cycle": ["error", { ignoreExternal: true, disableScc: true }] },
    },
  });
});

async function rulesBroken(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  if (!result) throw new Error(`no lint result for ${file}`);
  expect(result.messages.filter((m) => m.fatal)).toEqual([]);
  return result.messages.map((m) => m.ruleId);
}

describe("import circles", () => {
  it("refuses a circle in convex/ (the poll schedule importing the poll store back)", async () => {
    expect(
      await rulesBroken(
        "convex/model/live/pollSchedule.ts",
        'import { storeTick } from "./poller";\nexport const probe = storeTick;\n',
      ),
    ).toContain("import/no-cycle");
  });

  it("refuses a circle through several folders (the cup run importing the match store)", async () => {
    expect(
      await rulesBroken(
        "convex/model/cup/run.ts",
        'import { storeTick } from "../live/poller";\nexport const probe = storeTick;\n',
      ),
    ).toContain("import/no-cycle");
  });

  it("refuses a circle in src/", async () => {
    expect(
      await rulesBroken(
        "src/features/audit/utils/audit-csv.ts",
        'import { useAuditLog } from "../hooks/use-audit-log";\nexport const probe = useAuditLog;\n',
      ),
    ).toContain("import/no-cycle");
  });

  it("lets the real poll schedule be", async () => {
    const file = "convex/model/live/pollSchedule.ts";
    const { readFile } = await import("node:fs/promises");
    const code = await readFile(path.join(root, file), "utf8");
    expect(await rulesBroken(file, code)).not.toContain("import/no-cycle");
  });
});
