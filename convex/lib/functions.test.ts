import { makeFunctionReference } from "convex/server";
import { describe, expect, onTestFinished, test, vi } from "vitest";
import { personas, setGuestAdmin, setupTest, type TestConvex, serverRow } from "../test.setup";

const probe = {
  publicRead: makeFunctionReference<"query">("testing/probes.fixture:publicRead"),
  publicIdentity: makeFunctionReference<"query">("testing/probes.fixture:publicIdentity"),
  publicWrite: makeFunctionReference<"mutation">("testing/probes.fixture:publicWrite"),
  sessionRead: makeFunctionReference<"query">("testing/probes.fixture:sessionRead"),
  sessionWrite: makeFunctionReference<"mutation">("testing/probes.fixture:sessionWrite"),
  signedInRead: makeFunctionReference<"query">("testing/probes.fixture:signedInRead"),
  signedInWrite: makeFunctionReference<"mutation">("testing/probes.fixture:signedInWrite"),
  adminRead: makeFunctionReference<"query">("testing/probes.fixture:adminRead"),
  adminOnly: makeFunctionReference<"action">("testing/probes.fixture:adminOnly"),
  guestAdminOnly: makeFunctionReference<"action">("testing/probes.fixture:guestAdminOnly"),
};

async function auditEntries(t: TestConvex) {
  return await t.run(async (ctx) => await ctx.db.query("auditLog").collect());
}

// With its key, so the panel words it in the visitor's language (lib/messages.ts).
const forbidden = {
  code: "FORBIDDEN",
  message: "Доступ обмежено. Ця дія вимагає авторизації адміністратора.",
  key: "backend.accessDenied",
};

describe("public builders", () => {
  test("let anyone in and say who is calling", async () => {
    const t = setupTest();
    const { anonymous, asUser, asAdmin } = await personas(t);
    expect(await anonymous.query(probe.publicRead, {})).toEqual({
      name: "Anonymous",
      isAdmin: false,
    });
    expect(await asUser.mutation(probe.publicWrite, {})).toEqual({ name: "Petro", isAdmin: false });
    expect(await asAdmin.query(probe.publicRead, {})).toEqual({ name: "Olena", isAdmin: true });
  });

  test("a public query cannot read who calls, so every viewer shares its cached result", async () => {
    const t = setupTest();
    const { anonymous, asUser } = await personas(t);
    for (const caller of [anonymous, asUser]) {
      await expect(caller.query(probe.publicIdentity, {})).rejects.toThrow(/never reads who calls/);
    }
  });
});

describe("session builders", () => {
  test("require a session id and hand it to the handler", async () => {
    const t = setupTest();
    expect(await t.query(probe.sessionRead, { sessionId: "s-1" })).toBe("s-1");
    expect(await t.mutation(probe.sessionWrite, { sessionId: "s-1", x: 21 })).toBe(42);
    await expect(t.query(probe.sessionRead, {})).rejects.toThrow(/sessionId/);
  });
});

describe("signed-in builders", () => {
  test("refuse anonymous callers with UNAUTHENTICATED", async () => {
    const t = setupTest();
    const { anonymous, asUser } = await personas(t);
    await expect(anonymous.query(probe.signedInRead, {})).rejects.toMatchObject({
      data: { code: "UNAUTHENTICATED" },
    });
    await expect(anonymous.mutation(probe.signedInWrite, {})).rejects.toMatchObject({
      data: { code: "UNAUTHENTICATED" },
    });
    expect(await asUser.query(probe.signedInRead, {})).toBe("Petro");
  });

  test("accept a signed-in user who has no users row yet", async () => {
    const t = setupTest();
    const fresh = t.withIdentity({ subject: "new", issuer: "https://test", name: "Nova" });
    expect(await fresh.mutation(probe.signedInWrite, {})).toBe("Nova");
  });
});

describe("admin query builder", () => {
  test("lets only admins read", async () => {
    const t = setupTest();
    const { anonymous, asUser, asAdmin } = await personas(t);
    await expect(anonymous.query(probe.adminRead, {})).rejects.toMatchObject({ data: forbidden });
    await expect(asUser.query(probe.adminRead, {})).rejects.toMatchObject({ data: forbidden });
    expect(await asAdmin.query(probe.adminRead, {})).toBe("Olena");
  });
});

describe("admin action builder", () => {
  test("lets an admin through without an audit entry of its own", async () => {
    const t = setupTest();
    const { asAdmin } = await personas(t);
    expect(await asAdmin.action(probe.adminOnly, {})).toBe("Olena");
    expect(await auditEntries(t)).toHaveLength(0);
  });

  test("refuses a signed-in non-admin and audits the attempt", async () => {
    const t = setupTest();
    const { asUser } = await personas(t);
    await expect(asUser.action(probe.adminOnly, {})).rejects.toMatchObject({ data: forbidden });
    const [entry, ...rest] = await auditEntries(t);
    expect(rest).toHaveLength(0);
    expect(entry).toMatchObject({
      username: "Petro",
      action: "serverUpdate",
      outcome: "unauthorized",
    });
  });

  test("refuses an anonymous guest, audited as Anonymous with a guest id that is not the session id", async () => {
    const t = setupTest();
    await expect(t.action(probe.adminOnly, { sessionId: "secret-session" })).rejects.toMatchObject({
      data: forbidden,
    });
    const [entry] = await auditEntries(t);
    expect(entry).toMatchObject({ username: "Anonymous", outcome: "unauthorized" });
    expect(entry!.guestId).toMatch(/^[0-9a-f]{16}$/);
    expect(entry!.identity).toBe("anonymous");
    expect(JSON.stringify(entry)).not.toContain("secret-session");
  });

  test("keeps refusing a caller who hammers it, and folds the attempts past 10 a minute into one counted entry", async () => {
    const t = setupTest();
    const { asUser } = await personas(t);
    for (let i = 0; i < 15; i++) {
      await expect(asUser.action(probe.adminOnly, {})).rejects.toMatchObject({ data: forbidden });
    }
    const entries = await auditEntries(t);
    expect(entries.filter((e) => e.action === "serverUpdate")).toHaveLength(10);
    const burst = entries.filter((e) => e.action === "unauthorized_burst");
    expect(burst).toHaveLength(1);
    expect(burst[0]).toMatchObject({ count: 5, identity: "signedIn", actions: ["serverUpdate"] });
  });

  test("stays admin-only even while guest admin is on", async () => {
    const t = setupTest();
    const { asUser } = await personas(t);
    await setGuestAdmin(t, true);
    await expect(asUser.action(probe.adminOnly, {})).rejects.toMatchObject({ data: forbidden });
    await expect(t.action(probe.adminOnly, {})).rejects.toMatchObject({ data: forbidden });
    expect(await auditEntries(t)).toHaveLength(2);
  });

  test("grants admin through ADMIN_EMAILS only for a verified email", async () => {
    const t = setupTest();
    process.env.ADMIN_EMAILS = "boss@example.com";
    try {
      const boss = t.withIdentity({
        subject: "b",
        issuer: "https://test",
        name: "Boss",
        email: "boss@example.com",
        emailVerified: true,
      });
      expect(await boss.action(probe.adminOnly, {})).toBe("Boss");
      const unverified = t.withIdentity({
        subject: "c",
        issuer: "https://test",
        email: "boss@example.com",
        emailVerified: false,
      });
      await expect(unverified.action(probe.adminOnly, {})).rejects.toMatchObject({
        data: forbidden,
      });
      const silent = t.withIdentity({
        subject: "d",
        issuer: "https://test",
        email: "boss@example.com",
      });
      await expect(silent.action(probe.adminOnly, {})).rejects.toMatchObject({ data: forbidden });
    } finally {
      delete process.env.ADMIN_EMAILS;
    }
  });
});

describe("refusal audit under a flood", () => {
  test("500 anonymous refusals with fresh session ids are all counted and do not stop a signed-in user's entry", async () => {
    const t = setupTest();
    const { asUser } = await personas(t);
    const started = Date.now();
    for (let i = 0; i < 500; i++) {
      await expect(
        t.action(probe.adminOnly, { sessionId: `flood-session-${i}` }),
      ).rejects.toMatchObject({ data: forbidden });
    }
    await expect(asUser.action(probe.adminOnly, {})).rejects.toMatchObject({ data: forbidden });
    const entries = await auditEntries(t);
    const single = entries.filter((e) => e.identity === "anonymous" && !e.count);
    const bursts = entries.filter((e) => e.action === "unauthorized_burst");
    // The anonymous budget: 120 at once, refilled at 120 a minute while the flood ran.
    const refill = Math.ceil(((Date.now() - started) / 60_000) * 120);
    expect(single.length).toBeLessThanOrEqual(120 + refill);
    expect(bursts.length).toBeGreaterThanOrEqual(1);
    expect(single.length + bursts.reduce((n, e) => n + (e.count ?? 0), 0)).toBe(500);
    expect(bursts[0]!.sources!.length).toBeLessThanOrEqual(20);
    expect(entries).toContainEqual(
      expect.objectContaining({
        identity: "signedIn",
        action: "serverUpdate",
        outcome: "unauthorized",
        tokenIdentifier: expect.any(String),
      }),
    );
    // 501 actions, each with its own audit mutation: about 2 s alone, several times that on a
    // loaded 2-core machine. A budget, not a timing assertion.
  }, 60_000);
});

describe("rate limits of gated actions for non-admins", () => {
  const limited = expect.objectContaining({ code: "RATE_LIMITED" });

  test("a guest's calls are limited per session, and an admin's never", async () => {
    const t = setupTest();
    const { asAdmin } = await personas(t);
    await setGuestAdmin(t, true);
    const outcomes: string[] = [];
    for (let i = 0; i < 14; i++) {
      outcomes.push(
        await t.action(probe.guestAdminOnly, { sessionId: "busy-guest" }).then(
          () => "ok",
          (e: { data?: { code?: string } }) => e.data?.code ?? "error",
        ),
      );
    }
    expect(outcomes.slice(0, 10)).toEqual(Array(10).fill("ok"));
    expect(outcomes.slice(10)).toEqual(Array(4).fill("RATE_LIMITED"));
    // Another session still has its own budget; admins are not limited at all.
    expect(await t.action(probe.guestAdminOnly, { sessionId: "calm-guest" })).toBeNull();
    for (let i = 0; i < 20; i++) expect(await asAdmin.action(probe.guestAdminOnly, {})).toBeNull();
  });

  test("refused calls count too: a session that was refused 10 times is limited once allowed", async () => {
    const t = setupTest();
    for (let i = 0; i < 10; i++) {
      await expect(t.action(probe.guestAdminOnly, { sessionId: "prober" })).rejects.toMatchObject({
        data: forbidden,
      });
    }
    await setGuestAdmin(t, true);
    await expect(t.action(probe.guestAdminOnly, { sessionId: "prober" })).rejects.toMatchObject({
      data: limited,
    });
  });
});

describe("refusals spend only the refused caller's budget", () => {
  test("a flood of refused calls from fresh sessions leaves the shared budget to allowed ones", async () => {
    vi.useFakeTimers(); // nothing refills during the flood
    onTestFinished(() => void vi.useRealTimers());
    const t = setupTest();
    for (let i = 0; i < 80; i++) {
      await expect(
        t.action(probe.guestAdminOnly, { sessionId: `prober-${i}` }),
      ).rejects.toMatchObject({ data: forbidden });
    }
    await setGuestAdmin(t, true);
    expect(await t.action(probe.guestAdminOnly, { sessionId: "real-guest" })).toBeNull();
  });
});

describe("guest-admin action builder", () => {
  test("refuses visitors while guest admin is off, and audits with the server", async () => {
    const t = setupTest();
    const { asUser } = await personas(t);
    const serverId = await t.run(async (ctx) =>
      ctx.db.insert("servers", serverRow({ apiBaseUrl: "http://127.0.0.1:1" })),
    );
    await expect(asUser.action(probe.guestAdminOnly, { serverId })).rejects.toMatchObject({
      data: forbidden,
    });
    const [entry] = await auditEntries(t);
    expect(entry).toMatchObject({
      action: "skipWarmup",
      serverName: "Server #1",
      outcome: "unauthorized",
    });
  });

  test("lets anyone through while guest admin is on, and admins always", async () => {
    const t = setupTest();
    const { anonymous, asUser, asAdmin } = await personas(t);
    expect(await asAdmin.action(probe.guestAdminOnly, {})).toBeNull();
    await setGuestAdmin(t, true);
    expect(await anonymous.action(probe.guestAdminOnly, { sessionId: "s" })).toBeNull();
    expect(await asUser.action(probe.guestAdminOnly, {})).toBeNull();
    expect(await auditEntries(t)).toHaveLength(0);
  });
});
