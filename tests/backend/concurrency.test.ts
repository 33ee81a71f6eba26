/* A deployment's concurrency in the in-memory backend: conflicts retried at commit, bounded; a
 * limited number of scheduled functions at once. */
import { afterEach, describe, expect, it } from "vitest";
import type { BackendHandle } from "../../dev/backend/server";
import { startFixture, until, fixture } from "./helpers";

let backend: BackendHandle | undefined;
afterEach(async () => {
  await backend?.stop();
  backend = undefined;
});

const counter = async (name: string) =>
  (await backend!.runInternal(fixture.counters.get, { name })) as number;

describe("optimistic concurrency", () => {
  it("retries a mutation whose reads another commit changed, until it commits", async () => {
    ({ backend } = await startFixture({ concurrency: { conflictWindowMs: 60_000 } }));
    await backend.runInternal(fixture.counters.bump, { name: "hot" });
    backend.resetCounts();
    // Three read-modify-writes of one document at once: each commit invalidates the others.
    await Promise.all(
      [1, 2, 3].map(() => backend!.runInternal(fixture.counters.bump, { name: "hot" })),
    );
    expect(await counter("hot")).toBe(4);
    const stats = backend.concurrency();
    // Both that waited behind the first conflict at least once (the last may queue again after
    // the second committed, then it reads that commit and has nothing to retry).
    expect(stats.conflictRetries).toBeGreaterThanOrEqual(2);
    expect(stats.conflictFailures).toBe(0);
    expect([...stats.conflictsBy.keys()]).toEqual(["bump × counters"]);
  });

  it("fails the call when conflicts repeat past the retry bound, with Convex's message", async () => {
    ({ backend } = await startFixture({
      concurrency: { conflictWindowMs: 60_000, maxConflictRetries: 0 },
    }));
    await backend.runInternal(fixture.counters.bump, { name: "hot" });
    const outcomes = await Promise.allSettled(
      [1, 2].map(() => backend!.runInternal(fixture.counters.bump, { name: "hot" })),
    );
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    const failed = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(String(failed.reason)).toMatch(/changed while this mutation .* every subsequent retry/);
    expect(await counter("hot")).toBe(2); // the failed one wrote nothing
    expect(backend.concurrency().conflictFailures).toBe(1);
  });

  it("a .first() depends on its range up to the row it returned, not beyond", async () => {
    ({ backend } = await startFixture({ concurrency: { conflictWindowMs: 60_000 } }));
    await backend.runInternal(fixture.contention.join, { viewer: "first", expiresAt: 1 });
    // Every join reads the earliest row and adds a later one: none touches another's read.
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        backend!.runInternal(fixture.contention.join, { viewer: `v${i}`, expiresAt: 100 + i }),
      ),
    );
    expect(backend.concurrency().conflictRetries).toBe(0);
    // A row ahead of the earliest one changes what `.first()` returned: that conflicts.
    await Promise.all([
      backend.runInternal(fixture.contention.join, { viewer: "late", expiresAt: 500 }),
      backend.runInternal(fixture.contention.join, { viewer: "early", expiresAt: 0.5 }),
      backend.runInternal(fixture.contention.join, { viewer: "later", expiresAt: 600 }),
    ]);
    expect(backend.concurrency().conflictRetries).toBeGreaterThanOrEqual(1);
  });

  it("does not conflict on documents outside what a mutation read", async () => {
    ({ backend } = await startFixture({ concurrency: { conflictWindowMs: 60_000 } }));
    await Promise.all(
      ["a", "b", "c"].map((name) => backend!.runInternal(fixture.counters.bump, { name })),
    );
    backend.resetCounts();
    await Promise.all(
      ["a", "b", "c"].map((name) => backend!.runInternal(fixture.counters.bump, { name })),
    );
    expect(backend.concurrency().conflictRetries).toBe(0);
  });
});

describe("scheduled-function slots", () => {
  it("runs at most the limit at once; the rest wait, and slot holders can still write", async () => {
    ({ backend } = await startFixture({ concurrency: { scheduledSlots: 2 } }));
    await backend.runInternal(fixture.contention.crowd, { holders: 6, ms: 150, stampAfterMs: 0 });
    await until(async () => (await counter("held")) === 6, 10_000);
    const stats = backend.concurrency();
    expect(stats.peakScheduled).toBe(2);
    expect(stats.slotWaits).toBeGreaterThanOrEqual(4);
    // The stamp (a scheduled mutation) waited behind the holders: three rounds of 150 ms.
    expect(await counter("late by")).toBeGreaterThanOrEqual(150);
  });

  it("by default runs at most 8 at once, a deployment's limit", async () => {
    ({ backend } = await startFixture());
    await backend.runInternal(fixture.contention.crowd, {
      holders: 10,
      ms: 1_000,
      stampAfterMs: 0,
    });
    await until(async () => (await counter("held")) === 10, 20_000);
    const stats = backend.concurrency();
    expect(stats.peakScheduled).toBe(8);
    expect(stats.slotWaits).toBeGreaterThanOrEqual(3);
  });

  it("with no limit, a scheduled mutation never waits for actions", async () => {
    ({ backend } = await startFixture({ concurrency: { scheduledSlots: 0 } }));
    await backend.runInternal(fixture.contention.crowd, { holders: 6, ms: 300, stampAfterMs: 0 });
    await until(async () => (await counter("held")) === 6, 10_000);
    expect(backend.concurrency().slotWaits).toBe(0);
    expect(await counter("late by")).toBeLessThan(300);
  });
});
