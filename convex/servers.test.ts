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

describe("deleting a server", () => {
  test("only once disabled; its live state goes, its matches and audit entries stay; audited", async () => {
    const t = setupTest();
    const { asAdmin, asModerator } = await personas(t);
    const serverId = await asAdmin.action(api.servers.save, {
      server: HTTP_SERVER,
      apiKey: "secret-key",
    });
    const matchId = await t.run(async (ctx) => {
      await ctx.db.insert("auditLog", {
        at: 1,
        username: "admin",
        action: "kick",
        serverId,
        serverName: "Server #1",
        outcome: "success",
      });
      return await ctx.db.insert("matches", {
        serverId,
        serverKey: "s1",
        serverName: "Server #1",
        map: "de_dust2",
        startedAt: 1,
        endedAt: 2,
        scoreCT: 13,
        scoreT: 3,
        winner: "CT",
        rounds: 16,
        source: "poll",
        players: [],
        dedupeKey: "x",
        counted: false,
        voided: false,
      });
    });
    // Enabled: refused (and audited), nothing deleted.
    await expect(asAdmin.action(api.servers.remove, { serverId })).rejects.toMatchObject({
      data: { code: "CONFLICT", key: "backend.serverDeleteEnabled" },
    });
    expect(await lastAudit(t)).toMatchObject({ action: "server_delete", outcome: "failure" });
    await expect(asModerator.action(api.servers.remove, { serverId })).rejects.toMatchObject({
      data: { code: "FORBIDDEN" },
    });
    await asAdmin.action(api.servers.save, { serverId, disabled: true });
    await asAdmin.action(api.servers.remove, { serverId });

    expect(await lastAudit(t)).toMatchObject({
      action: "server_delete",
      outcome: "success",
      // The server is gone by the time the entry is written: the details name it.
      details: "Server #1 (s1)",
    });
    const left = await t.run(async (ctx) => ({
      server: await ctx.db.get("servers", serverId),
      secrets: await ctx.db
        .query("serverSecrets")
        .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
        .collect(),
      pollers: await ctx.db
        .query("pollers")
        .withIndex("by_serverId", (q) => q.eq("serverId", serverId))
        .collect(),
      match: await ctx.db.get("matches", matchId),
      audit: await ctx.db
        .query("auditLog")
        .withIndex("by_serverId_and_at", (q) => q.eq("serverId", serverId))
        .collect(),
    }));
    expect(left.server).toBeNull();
    expect(left.secrets).toEqual([]);
    expect(left.pollers).toEqual([]);
    expect(left.match).toMatchObject({ serverName: "Server #1", serverKey: "s1" });
    expect(left.audit.find((e) => e.action === "kick")).toMatchObject({ serverName: "Server #1" });
    // Gone from every list; its key is free for a new server.
    expect(await asAdmin.query(api.servers.adminList, {})).toEqual([]);
    await asAdmin.action(api.servers.save, { server: HTTP_SERVER });
    // A second delete of the same id finds nothing.
    await expect(asAdmin.action(api.servers.remove, { serverId })).rejects.toMatchObject({
      data: { code: "NOT_FOUND" },
    });
  });
});
