import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generate } from "../dev/scripts/codegen";

const generatedDir = path.resolve(import.meta.dirname, "../convex/_generated");

describe("convex/_generated", () => {
  it("matches a fresh offline regeneration (run `npm run codegen` if this fails)", async () => {
    const fresh = await generate();
    expect(readdirSync(generatedDir).sort()).toEqual(Object.keys(fresh).sort());
    for (const [name, contents] of Object.entries(fresh)) {
      expect(readFileSync(path.join(generatedDir, name), "utf8"), name).toBe(contents);
    }
  });

  it("exports the rate-limiter component that real codegen would add", async () => {
    const fresh = await generate();
    expect(fresh["api.js"]).toContain("export const components = componentsGeneric();");
    expect(fresh["api.d.ts"]).toContain(
      'rateLimiter: import("@convex-dev/rate-limiter/_generated/component.js").ComponentApi<"rateLimiter">',
    );
  });
});
