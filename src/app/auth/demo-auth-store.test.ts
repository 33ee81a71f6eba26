import { afterEach, describe, expect, it } from "vitest";
import {
  decodeJwtPayload,
  DEMO_ISSUER,
  demoAuthStore,
  matchDemoAccount,
  mintDemoToken,
} from "./demo-auth-store";

function decodeHeader(token: string) {
  return JSON.parse(atob(token.split(".")[0]!.replace(/-/g, "+").replace(/_/g, "/"))) as Record<
    string,
    unknown
  >;
}

describe("demo sign-in tokens", () => {
  afterEach(() => localStorage.clear());

  it("are unsigned JWTs with the demo claims and a one-hour lifetime", () => {
    const now = Date.UTC(2026, 10, 22, 12, 0, 0);
    const token = mintDemoToken("admin", now);
    const [, , signature] = token.split(".");
    expect(signature).toBe("");
    expect(decodeHeader(token)).toEqual({ alg: "none", typ: "JWT" });
    expect(decodeJwtPayload(token)).toEqual({
      iss: DEMO_ISSUER,
      sub: "demo-admin",
      name: "Demo Admin",
      nickname: "admin",
      email: "admin@demo.cs2-panel.local",
      email_verified: true,
      iat: now / 1000,
      exp: now / 1000 + 3600,
    });
    expect(decodeJwtPayload(mintDemoToken("visitor", now))).toMatchObject({
      sub: "demo-visitor",
      email: "visitor@demo.cs2-panel.local",
    });
  });

  it("persist in localStorage and are re-minted near expiry or when forced", () => {
    demoAuthStore.signIn("visitor");
    expect(demoAuthStore.role()).toBe("visitor");
    const first = demoAuthStore.token(false)!;
    expect(demoAuthStore.token(false)).toBe(first);
    const later = Date.now() + 3600 * 1000;
    const refreshed = demoAuthStore.token(false, later)!;
    expect(decodeJwtPayload(refreshed).exp).toBeGreaterThan(decodeJwtPayload(first).exp as number);
    demoAuthStore.signOut();
    expect(demoAuthStore.role()).toBeNull();
    expect(demoAuthStore.token(true)).toBeNull();
  });

  it("accept the form only with a demo account's username, e-mail and password", () => {
    expect(matchDemoAccount("admin", "admin@demo.cs2-panel.local", "demo")).toBe("admin");
    expect(matchDemoAccount(" Visitor ", "VISITOR@demo.cs2-panel.local", "demo")).toBe("visitor");
    expect(matchDemoAccount("visitor", "admin@demo.cs2-panel.local", "demo")).toBeNull();
    expect(matchDemoAccount("admin", "admin@demo.cs2-panel.local", "wrong")).toBeNull();
  });
});
