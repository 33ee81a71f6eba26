/** «Стан розгортання»: what the admins' setup check reports, and what it never reveals. */
import { afterEach, describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import { isPrivateHost, runsInCloud, unreachableFromCloud } from "./lib/privateAddress";
import { personas, serverRow, setupTest } from "./test.setup";

const saved = { ...process.env };
afterEach(() => {
  for (const name of [
    "CLERK_JWT_ISSUER_DOMAIN",
    "STEAM_WEB_API_KEY",
    "CONVEX_CLOUD_URL",
    "CONVEX_SITE_URL",
  ]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe("private addresses", () => {
  test("loopback, private ranges and local names are private; public ones are not", () => {
    for (const host of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.5",
      "192.168.1.10",
      "localhost",
      "::1",
    ]) {
      expect(isPrivateHost(host), host).toBe(true);
    }
    for (const host of ["8.8.8.8", "172.32.0.1", "cs2.example.com", "2001:db8::1"]) {
      expect(isPrivateHost(host), host).toBe(false);
    }
  });

  test("only a deployment in the cloud refuses them; the demo's local backend keeps loopback", () => {
    expect(runsInCloud("https://happy-otter-123.convex.cloud")).toBe(true);
    expect(runsInCloud("http://127.0.0.1:3210")).toBe(false);
    const cloud = "https://happy-otter-123.convex.cloud";
    const plugin = (apiBaseUrl: string) => ({ connectionType: "HTTP" as const, apiBaseUrl });
    expect(unreachableFromCloud(plugin("http://192.168.1.10:27001"), cloud)).toBe(true);
    expect(unreachableFromCloud(plugin("http://cs2.example.com:27001"), cloud)).toBe(false);
    expect(unreachableFromCloud(plugin("http://127.0.0.1:27001"), "http://127.0.0.1:3210")).toBe(
      false,
    );
  });

  test("the address the deployment connects to counts: the proxy's URL, or the game server over direct RCON", () => {
    const cloud = "https://happy-otter-123.convex.cloud";
    // The proxy reaches the game server, so the game server may sit in the proxy's network.
    const proxy = (apiBaseUrl: string) => ({
      connectionType: "RCON_PROXY" as const,
      apiBaseUrl,
      proxyTargetHost: "10.0.0.5",
    });
    expect(unreachableFromCloud(proxy("https://proxy.example.com"), cloud)).toBe(false);
    expect(unreachableFromCloud(proxy("http://10.0.0.2:8080"), cloud)).toBe(true);
    const direct = (proxyTargetHost: string) => ({
      connectionType: "RCON" as const,
      apiBaseUrl: "",
      proxyTargetHost,
    });
    expect(unreachableFromCloud(direct(" 192.168.0.20 "), cloud)).toBe(true);
    expect(unreachableFromCloud(direct("cs2.example.com"), cloud)).toBe(false);
    expect(unreachableFromCloud(direct("192.168.0.20"), "http://127.0.0.1:3210")).toBe(false);
  });
});

describe("setup check", () => {
  test("admins see which variables are set (never values), their claims, and each server", async () => {
    const t = setupTest();
    const { asAdmin } = await personas(t);
    process.env.CLERK_JWT_ISSUER_DOMAIN = "https://secret-value.clerk.accounts.dev";
    process.env.STEAM_WEB_API_KEY = "  ";
    process.env.CONVEX_CLOUD_URL = "https://happy-otter-123.convex.cloud";
    process.env.CONVEX_SITE_URL = "https://happy-otter-123.convex.site";
    await t.run((ctx) => ctx.db.insert("servers", serverRow({ apiBaseUrl: "http://127.0.0.1:9" })));
    const status = await asAdmin.action(api.deployment.setupStatus, {});
    expect(status.variables).toContainEqual({
      name: "CLERK_JWT_ISSUER_DOMAIN",
      required: true,
      set: true,
    });
    expect(status.variables).toContainEqual({
      name: "STEAM_WEB_API_KEY",
      required: false,
      set: false,
    });
    expect(JSON.stringify(status)).not.toContain("secret-value");
    // The test admin's token has an email, but neither a verified flag nor a nickname.
    expect(status.claims).toEqual({ email: true, emailVerified: false, nickname: false });
    expect(status.inCloud).toBe(true);
    expect(status.siteUrl).toBe("https://happy-otter-123.convex.site");
    expect(status.servers).toEqual([
      expect.objectContaining({
        key: "s1",
        reachable: false,
        privateAddress: true,
        error: expect.stringMatching(/^Сервер недоступний/),
        eventsUrl: "https://happy-otter-123.convex.site/api/events/s1",
      }),
    ]);
  });

  test("an unset Clerk domain is no fault where the admin's own sign-in was verified (another issuer)", async () => {
    const t = setupTest();
    const { asAdmin } = await personas(t);
    delete process.env.CLERK_JWT_ISSUER_DOMAIN;
    const status = await asAdmin.action(api.deployment.setupStatus, {});
    expect(status.variables).toContainEqual({
      name: "CLERK_JWT_ISSUER_DOMAIN",
      required: false,
      set: false,
      verifiedOtherwise: true,
    });
  });

  test("is refused to everyone else", async () => {
    const t = setupTest();
    const { asUser } = await personas(t);
    await expect(asUser.action(api.deployment.setupStatus, {})).rejects.toMatchObject({
      data: { code: "FORBIDDEN" },
    });
  });
});
