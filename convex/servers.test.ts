import { describe, expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { personas, setupTest, type TestConvex } from "./test.setup";

const HTTP_SERVER = {
  key: "s1",
  name: "Server #1",
  apiBaseUrl: "http://10.0.0.1:8080",
  connectAddress: "10.0.0.1:27015",
  connectionType: "HTTP" as const,
};
const PROXY_SERVER = {
  key: "s2",
  name: "Server #2",
  apiBaseUrl: "http://10.0.0.2:8080",
  connectAddress: "10.0.0.2:27015",
  connectionType: "RCON_PROXY" as const,
  proxyTargetHost: "10.0.0.2",
  proxyTargetPort: 27015,
};

async function targetOf(t: TestConvex, serverId: Id<"servers">) {
  return (await t.query(internal.serverControl.targetOf, { serverId }))!.target;
}

async function lastAudit(t: TestConvex) {
  return await t.run(
    async (ctx) => await ctx.db.query("auditLog").withIndex("by_at").order("desc").first(),
  );
}

describe("secrets are bound to the destination they were entered for", () => {
  test.each([
    ["the API host", { apiBaseUrl: "http://203.0.113.9:8080" }],
    ["the API port", { apiBaseUrl: "http://10.0.0.1:9090" }],
    ["the API scheme", { apiBaseUrl: "https://10.0.0.1:8080" }],
  ])("changing %s clears the stored API key and says so", async (_what, change) => {
    const t = setupTest();
    const { asAdmin } = await personas(t);
    const serverId = await asAdmin.action(api.servers.save, {
      server: HTTP_SERVER,
      apiKey: "key-for-10.0.0.1",
    });
    expect((await targetOf(t, serverId)).apiKey).toBe("key-for-10.0.0.1");
    await asAdmin.action(api.servers.save, { serverId, server: { ...HTTP_SERVER, ...change } });
    expect((await targetOf(t, serverId)).apiKey).toBeUndefined();
    const [row] = await asAdmin.query(api.servers.adminList, {});
    expect(row).toMatchObject({ hasApiKey: false });
    expect((await lastAudit(t))!.details).toContain("збережені секрети скинуто");
  });

  test("changing the proxy's target clears the RCON password; a new one in the same save is kept", async () => {
    const t = setupTest();
    const { asAdmin } = await personas(t);
    const serverId = await asAdmin.action(api.servers.save, {
      server: PROXY_SERVER,
      rconPassword: "old-pass",
      apiKey: "proxy-key",
    });
    await asAdmin.action(api.servers.save, {
      serverId,
      server: { ...PROXY_SERVER, proxyTargetHost: "198.51.100.7" },
    });
    const cleared = await targetOf(t, serverId);
    expect(cleared.rconPassword).toBeUndefined();
    expect(cleared.apiKey).toBeUndefined();
    await asAdmin.action(api.servers.save, {
      serverId,
      server: { ...PROXY_SERVER, proxyTargetPort: 27016 },
      rconPassword: "new-pass",
    });
    expect((await targetOf(t, serverId)).rconPassword).toBe("new-pass");
  });

  test("a change that keeps the destination (name, connect address, URL path) keeps the secrets", async () => {
    const t = setupTest();
    const { asAdmin } = await personas(t);
    const serverId = await asAdmin.action(api.servers.save, { server: HTTP_SERVER, apiKey: "k" });
    await asAdmin.action(api.servers.save, {
      serverId,
      server: {
        ...HTTP_SERVER,
        name: "Renamed",
        connectAddress: "10.0.0.1:27016",
        apiBaseUrl: "http://10.0.0.1:8080/panel",
      },
    });
    expect((await targetOf(t, serverId)).apiKey).toBe("k");
    expect((await lastAudit(t))!.details).not.toContain("секрети скинуто");
  });
});
