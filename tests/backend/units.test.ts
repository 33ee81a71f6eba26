/* Pure pieces of the backend: cron parsing, demo JWT decoding, component discovery. */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { identityFromJwt, makeDemoJwt } from "../../dev/backend/auth";
import { nextCronTime, parseCron } from "../../dev/backend/crons";
import { discoverComponents } from "../../dev/backend/modules";
import { fixtureDir } from "./helpers";

const at = (iso: string) => Date.parse(iso);
const next = (expr: string, from: string) =>
  new Date(nextCronTime(parseCron(expr), at(from))).toISOString();

describe("cron strings", () => {
  it("finds the next UTC minute for common forms", () => {
    expect(next("*/15 * * * *", "2025-01-01T10:07:30Z")).toBe("2025-01-01T10:15:00.000Z");
    expect(next("0 3 * * *", "2025-01-01T10:07:00Z")).toBe("2025-01-02T03:00:00.000Z");
    expect(next("30 9 * * 1-5", "2025-01-04T00:00:00Z")).toBe("2025-01-06T09:30:00.000Z"); // Sat → Mon
    expect(next("0 0 1 * *", "2025-01-15T00:00:00Z")).toBe("2025-02-01T00:00:00.000Z");
    expect(next("5,35 * * * *", "2025-01-01T10:06:00Z")).toBe("2025-01-01T10:35:00.000Z");
    expect(next("0 12 * * 7", "2025-01-01T00:00:00Z")).toBe("2025-01-05T12:00:00.000Z"); // 7 = Sunday
  });

  it("rejects what it does not understand instead of guessing", () => {
    expect(() => parseCron("0 0 * * MON")).toThrow(/unsupported/);
    expect(() => parseCron("* * * *")).toThrow(/5 fields/);
    expect(() => parseCron("99 * * * *")).toThrow(/out of range/);
  });
});

describe("demo JWTs", () => {
  it("maps claims to a Convex identity without verifying the signature", () => {
    const id = identityFromJwt(
      makeDemoJwt({
        iss: "https://issuer",
        sub: "s1",
        email: "a@b.c",
        given_name: "A",
        role: "admin",
      }),
    );
    expect(id).toEqual({
      subject: "s1",
      issuer: "https://issuer",
      tokenIdentifier: "https://issuer|s1",
      email: "a@b.c",
      givenName: "A",
      role: "admin",
    });
  });

  it("rejects tokens without a subject, unparseable or expired ones", () => {
    expect(() => identityFromJwt(makeDemoJwt({ iss: "x" }))).toThrow(/sub/);
    expect(() => identityFromJwt("a.b")).toThrow(/three segments/);
    expect(() => identityFromJwt(makeDemoJwt({ sub: "s" }, -10))).toThrow(/expired/);
  });
});

describe("component discovery", () => {
  it("follows convex.config.ts into nested components", () => {
    const found = discoverComponents(path.join(fixtureDir, "convex.config.ts"));
    expect(found.map((c) => c.name)).toEqual(["rateLimiter", "rateLimiter/batchWorker"]);
    expect(found[0]!.dir).toMatch(/rate-limiter[/\\]dist[/\\]component$/);
  });
});
