/// <reference types="vite/client" />
import { convexTest } from "convex-test";
import rateLimiter from "@convex-dev/rate-limiter/test";
import aggregate from "@convex-dev/aggregate/test";
import workpool from "@convex-dev/workpool/test";
import { ConvexError } from "convex/values";
import type { Doc } from "./_generated/dataModel";
import type { ErrorData } from "./lib/errors";
import schema from "./schema";

export const modules = import.meta.glob("./**/*.ts");

export function setupTest() {
  const t = convexTest(schema, modules);
  rateLimiter.register(t);
  aggregate.register(t, "leaderboard");
  workpool.register(t, "discordPool");
  return t;
}

export type TestConvex = ReturnType<typeof setupTest>;

/** The five callers of the permission model. */
export async function personas(t: TestConvex) {
  const userIdentity = {
    subject: "user-1",
    issuer: "https://test",
    name: "Petro",
    email: "petro@example.com",
  };
  const adminIdentity = {
    subject: "admin-1",
    issuer: "https://test",
    name: "Olena",
    email: "olena@example.com",
  };
  const moderatorIdentity = {
    subject: "moderator-1",
    issuer: "https://test",
    name: "Maksym",
    email: "maksym@example.com",
  };
  const asUser = t.withIdentity(userIdentity);
  const asAdmin = t.withIdentity(adminIdentity);
  const asModerator = t.withIdentity(moderatorIdentity);
  await t.run(async (ctx) => {
    await ctx.db.insert("users", {
      tokenIdentifier: "https://test|user-1",
      username: "Petro",
      email: "petro@example.com",
      isAdmin: false,
    });
    await ctx.db.insert("users", {
      tokenIdentifier: "https://test|admin-1",
      username: "Olena",
      email: "olena@example.com",
      isAdmin: true,
    });
    await ctx.db.insert("users", {
      tokenIdentifier: "https://test|moderator-1",
      username: "Maksym",
      email: "maksym@example.com",
      isAdmin: false,
      isModerator: true,
    });
  });
  return { anonymous: t, asUser, asAdmin, asModerator };
}

export async function setGuestAdmin(t: TestConvex, enabled: boolean) {
  await t.run(async (ctx) => {
    const row = await ctx.db
      .query("settings")
      .withIndex("by_key", (q) => q.eq("key", "global"))
      .unique();
    if (row) await ctx.db.patch("settings", row._id, { isGuestAdminEnabled: enabled });
    else {
      await ctx.db.insert("settings", {
        key: "global",
        isGuestAdminEnabled: enabled,
        updatedAt: Date.now(),
      });
    }
  });
}

/**
 * A test client whose mutations throw a returned refusal (`{ refused }`, lib/errors.ts
 * `refusalAsValue`) as a ConvexError, the way the web app's hooks do, so tests can keep
 * `rejects.toMatchObject(...)`.
 */
export function throwingRefusals<T extends TestConvex>(t: T): T {
  return new Proxy(t, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      if (prop === "withIdentity") {
        return (...args: unknown[]) =>
          throwingRefusals((value as (...a: unknown[]) => T).apply(target, args));
      }
      if (prop === "mutation") {
        return async (...args: unknown[]) => {
          const result: unknown = await (value as (...a: unknown[]) => unknown).apply(target, args);
          if (typeof result === "object" && result !== null && "refused" in result) {
            throw new ConvexError(result.refused as ErrorData);
          }
          return result;
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}

/** A `servers` row for tests: a plugin-API server nobody can reach, with the fields given. */
export function serverRow(fields: Partial<Doc<"servers">> = {}) {
  return {
    key: "s1",
    name: "Server #1",
    apiBaseUrl: "http://127.0.0.1:9",
    connectAddress: "127.0.0.1:27015",
    connectionType: "HTTP" as const,
    disabled: false,
    order: 0,
    ...fields,
  };
}
