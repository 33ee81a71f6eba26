import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// Lints small made-up modules at made-up paths with the repo's own eslint.config.js, to prove the
// import zones catch what they should (relative and `@/` imports alike) and nothing else. The
// imported modules are real files, so the resolver finds them; the importing files need not exist.
const root = path.resolve(import.meta.dirname, "../..");
const ZONE_RULE = "import/no-restricted-paths";

let eslint: ESLint;
beforeAll(() => {
  // import/no-cycle cannot lint a file that is not on disk (it reads the file's own import graph
  // from disk and fails on a missing one); circles have their own test (import-cycles.test.ts).
  eslint = new ESLint({
    cwd: root,
    overrideConfig: { files: ["**/*.{ts,tsx}"], rules: { "import/no-cycle": "off" } },
  });
});

async function lint(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  if (!result) throw new Error(`no lint result for ${file}`);
  // A parse error would be a fatal message with no rule id: never let it pass as "no zone error".
  expect(result.messages.filter((m) => m.fatal)).toEqual([]);
  return result.messages.map((m) => m.ruleId);
}

/** The file breaks exactly the zone rule, once: not a parse error, not some other rule. */
async function expectZoneError(file: string, code: string) {
  expect(await lint(file, code)).toEqual([ZONE_RULE]);
}

/** The file is clean: no zone error and no other problem either. */
async function expectClean(file: string, code: string) {
  expect(await lint(file, code)).toEqual([]);
}

describe("src import zones", () => {
  const liveHook =
    'import { usePlayers } from "@/features/live/hooks/use-live-data";\nexport const probe = usePlayers;\n';

  it("rejects a cross-feature relative import", async () => {
    await expectZoneError(
      "src/features/players/components/zone-probe.ts",
      'import { usePlayers } from "../../live/hooks/use-live-data";\nexport const probe = usePlayers;\n',
    );
  });

  it("rejects a cross-feature @/features import", async () => {
    await expectZoneError("src/features/players/components/zone-probe.ts", liveHook);
  });

  it("rejects a feature importing the app layer", async () => {
    await expectZoneError(
      "src/features/players/zone-probe.ts",
      'import { PageFallback } from "../../app/page-fallback";\nexport const probe = PageFallback;\n',
    );
  });

  it("rejects a shared folder importing a feature (@/ and relative)", async () => {
    await expectZoneError("src/lib/zone-probe.ts", liveHook);
    await expectZoneError(
      "src/components/ui/zone-probe.ts",
      'import { usePlayers } from "../../features/live/hooks/use-live-data";\nexport const probe = usePlayers;\n',
    );
  });

  it("lets src/app import a feature", async () => {
    await expectClean("src/app/zone-probe.ts", liveHook);
  });

  it("lets a feature import shared folders and itself", async () => {
    await expectClean(
      "src/features/players/components/zone-probe.ts",
      [
        'import { Button } from "@/components/ui/button";',
        'import { t } from "@/i18n";',
        'import { SORT_FIELDS } from "../utils/sort-players";',
        "export const probe = [Button, t, SORT_FIELDS];",
        "",
      ].join("\n"),
    );
  });
});

describe("convex import zones", () => {
  it("rejects a handler importing another handler", async () => {
    await expectZoneError(
      "convex/zoneProbe.ts",
      'import { restartPoller } from "./poller";\nexport const probe = restartPoller;\n',
    );
  });

  it("lets a handler import the model layer", async () => {
    await expectClean(
      "convex/zoneProbe.ts",
      'import { statusOf } from "./model/live/snapshots";\nexport const probe = statusOf;\n',
    );
  });

  it("rejects the model layer importing a handler", async () => {
    await expectZoneError(
      "convex/model/zoneProbe.ts",
      'import { restartPoller } from "../poller";\nexport const probe = restartPoller;\n',
    );
  });

  it("exempts test files", async () => {
    await expectClean(
      "convex/zoneProbe.test.ts",
      'import { restartPoller } from "./poller";\nexport const probe = restartPoller;\n',
    );
  });
});
