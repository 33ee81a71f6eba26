/**
 * A privileged operation's commit is one transaction: the domain rows and the audit entry are
 * written together or not at all. Shown with a ban through its public action against a local
 * game-server stand-in, with either write made to fail once: whichever fails, neither row stays.
 * And what a run hands its transactions is checked against its own declaration.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { appendAudit } from "./model/audit/log";
import type * as AuditModule from "./model/audit/log";
import type * as SanctionsModule from "./model/moderation/sanctions";
import { recordSanction } from "./model/moderation/sanctions";
import { personas, serverRow, setupTest } from "./test.setup";

vi.mock("./model/audit/log", async (importOriginal) => {
  const original = await importOriginal<typeof AuditModule>();
  return { ...original, appendAudit: vi.fn(original.appendAudit) };
});
vi.mock("./model/moderation/sanctions", async (importOriginal) => {
  const original = await importOriginal<typeof SanctionsModule>();
  return { ...original, recordSanction: vi.fn(original.recordSanction) };
});

const STEAM = "76561198000000042";
let gameServer: Server;
const received: string[] = [];

beforeAll(async () => {
  gameServer = createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ result: "ok" }));
  });
  await new Promise<void>((r) => gameServer.listen(0, "127.0.0.1", r));
});
afterAll(async () => {
  await new Promise((r) => gameServer.close(r));
});

async function world() {
  const t = setupTest();
  const who = await personas(t);
  const { port } = gameServer.address() as AddressInfo;
  const serverId: Id<"servers"> = await t.run((ctx) =>
    ctx.db.insert("servers", serverRow({ apiBaseUrl: `http://127.0.0.1:${port}` })),
  );
  const rows = () =>
    t.run(async (ctx) => ({
      sanctions: await ctx.db.query("sanctions").collect(),
      bans: (await ctx.db.query("auditLog").collect()).filter((e) => e.action === "ban"),
    }));
  return { t, who, serverId, rows };
}

describe("a ban's commit", () => {
  test("writes the sanction and the audit entry in one transaction", async () => {
    const { who, serverId, rows } = await world();
    const ban = { serverId, steamId: STEAM, duration: 60, reason: "Чити" };

    // The audit write fails after the sanction was written in the same commit: both are gone.
    vi.mocked(appendAudit).mockRejectedValueOnce(new Error("audit write failed"));
    received.length = 0;
    await expect(who.asAdmin.action(api.moderation.ban, ban)).rejects.toThrow(/audit write failed/);
    expect(received.some((r) => r.startsWith("POST"))).toBe(true); // the game server was asked
    expect(await rows()).toEqual({ sanctions: [], bans: [] });

    // The sanction write fails: no audit entry claims a ban that was not recorded.
    vi.mocked(recordSanction).mockRejectedValueOnce(new Error("sanction write failed"));
    await expect(who.asAdmin.action(api.moderation.ban, ban)).rejects.toThrow(
      /sanction write failed/,
    );
    expect(await rows()).toEqual({ sanctions: [], bans: [] });

    // When it succeeds, both rows are there, naming the same actor.
    await who.asAdmin.action(api.moderation.ban, ban);
    const { sanctions, bans } = await rows();
    expect(sanctions).toHaveLength(1);
    expect(bans).toHaveLength(1);
    expect(sanctions[0]).toMatchObject({
      kind: "ban",
      steamId: STEAM,
      by: "Olena",
      byRole: "admin",
    });
    expect(bans[0]).toMatchObject({ outcome: "success", username: "Olena", identity: "admin" });
  });
});

describe("a run's transactions", () => {
  const actor = { username: "Olena", identity: "admin" as const };
  const commit = { auditName: "ban" as const, actor, outcome: "success" as const, sent: [] };

  test("take only the input, the loaded reads and the actions its declaration describes", async () => {
    const { t, serverId } = await world();
    const loaded = await t.query(internal.capabilities.load, {
      run: { name: "ban", input: { steamId: STEAM, duration: 60, reason: "Чити" } },
      serverId,
    });
    expect(loaded.server?.serverId).toBe(serverId);
    expect(loaded.loaded).toMatchObject({ panel: null, settings: expect.any(Object) });

    // Another operation's input under the ban's name, a missing field, or no loaded reads: refused.
    await expect(
      t.query(internal.capabilities.load, {
        run: { name: "ban", input: { map: "de_dust2" } },
      } as never),
    ).rejects.toThrow(/Validator error/);
    await expect(
      t.mutation(internal.capabilities.commit, {
        ...commit,
        run: { name: "ban", input: { steamId: STEAM }, loaded: loaded.loaded },
      } as never),
    ).rejects.toThrow(/Validator error/);
    await expect(
      t.mutation(internal.capabilities.commit, {
        ...commit,
        run: { name: "ban", input: { steamId: STEAM, duration: 60 }, loaded: null },
      } as never),
    ).rejects.toThrow(/Validator error/);
    // An action the command layer does not know is never recorded as sent.
    await expect(
      t.mutation(internal.capabilities.commit, {
        ...commit,
        run: { name: "ban", input: { steamId: STEAM, duration: 60 }, loaded: loaded.loaded },
        serverId,
        sent: [{ kind: "rcon_password", value: "x" }],
      } as never),
    ).rejects.toThrow(/Validator error/);
    expect(await t.run(async (ctx) => (await ctx.db.query("auditLog").collect()).length)).toBe(0);

    // The same run, as declared: committed with its audit entry.
    await t.mutation(internal.capabilities.commit, {
      ...commit,
      run: { name: "ban", input: { steamId: STEAM, duration: 60 }, loaded: loaded.loaded },
      serverId,
      sent: [{ kind: "ban", steamId: STEAM, duration: 60 }],
    } as never);
    const audit = await t.run(async (ctx) => await ctx.db.query("auditLog").collect());
    expect(audit).toMatchObject([{ action: "ban", outcome: "success" }]);
  });
});
