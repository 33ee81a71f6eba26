/**
 * Bench scripts refuse a wrong argument before seeding anything: a Ukrainian message, exit code 2,
 * no stack.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";
import { countArg, UsageError } from "./cli-args";

describe("countArg", () => {
  test("takes a whole count up to the bound", () => {
    expect(countArg("--n", "0", 10)).toBe(0);
    expect(countArg("--n", "10", 10)).toBe(10);
  });

  test.each([undefined, "", " ", "abc", "-1", "1.5", "1e400", "0x10"])("refuses %j", (raw) => {
    expect(() => countArg("--n", raw, 1_000)).toThrow(UsageError);
  });

  test("refuses more than the bound, naming it", () => {
    expect(() => countArg("--n", "1001", 1_000)).toThrow("--n: щонайбільше 1\u00a0000");
  });
});

describe("bench scripts with a wrong argument", () => {
  test.each([
    ["audit.ts", ["abc"], "bench:audit: entries: очікується ціле невід'ємне число, отримано «abc»"],
    ["audit.ts", ["-5"], "bench:audit: entries: очікується ціле невід'ємне число, отримано «-5»"],
    ["audit.ts", ["10", "20"], "bench:audit: зайві аргументи: 20"],
    ["history.ts", ["--matches"], "bench:history: --matches: очікується ціле невід'ємне число"],
    ["history.ts", ["--matches", "10k"], "отримано «10k»"],
    ["history.ts", ["--rows", "5"], "bench:history: невідомі аргументи «--rows 5»"],
  ])("%s %j: a clear error and exit code 2", { timeout: 60_000 }, async (file, args, message) => {
    const script = path.resolve(import.meta.dirname, file);
    const failed = (await promisify(execFile)(process.execPath, [
      "--import",
      "tsx",
      script,
      ...args,
    ])
      .then(() => null)
      .catch((error: unknown) => error)) as { code: number; stderr: string } | null;
    expect(failed?.code).toBe(2);
    expect(failed?.stderr).toContain(message);
    expect(failed?.stderr).not.toMatch(/\n\s+at /);
  });
});
