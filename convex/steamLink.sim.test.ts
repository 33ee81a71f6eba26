/**
 * Linking Steam through OpenID 2.0 against the local Steam stand-in (dev/steam): the whole flow
 * over the deployment's HTTP endpoints (`t.fetch`), and every way an answer must be refused.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import { STEAM_LINK_MESSAGES } from "./model/steam/openId";
import { personas, setupTest, throwingRefusals, type TestConvex } from "./test.setup";
import { startSteamStandIn, type SteamStandIn } from "../dev/steam/server";

const PANEL = "https://panel.example.org";
const SITE = "https://deployment.example.site";
const ID_A = "76561198000000011";
const ID_B = "76561198000000022";

let steam: SteamStandIn;
let t: TestConvex;
let who: Awaited<ReturnType<typeof personas>>;

beforeAll(async () => {
  steam = await startSteamStandIn();
  process.env.STEAM_OPENID_BASE = steam.openIdBase;
  process.env.STEAM_WEB_API_BASE = steam.url;
  process.env.STEAM_WEB_API_KEY = "test-key";
  process.env.PANEL_URL = PANEL;
  process.env.CONVEX_SITE_URL = SITE;
});

afterAll(async () => {
  for (const name of [
    "STEAM_OPENID_BASE",
    "STEAM_WEB_API_BASE",
    "STEAM_WEB_API_KEY",
    "PANEL_URL",
    "CONVEX_SITE_URL",
  ]) {
    delete process.env[name];
  }
  await steam.stop();
});

beforeEach(async () => {
  t = throwingRefusals(setupTest());
  who = await personas(t);
});

/** A test client acting as one persona (`t.withIdentity`) or as nobody. */
type Caller = Pick<TestConvex, "mutation" | "query">;

/** Step 1 and 2: begin as `caller`, open the start URL; returns the flow's return_to. */
async function startFlow(caller: Caller): Promise<{ state: string; returnTo: string }> {
  const { url } = await caller.mutation(api.steamLink.begin, {});
  expect(url.startsWith(`${SITE}/steam/openid/start?state=`)).toBe(true);
  const res = await t.fetch(url.slice(SITE.length), { method: "GET" });
  expect(res.status).toBe(302);
  const signIn = new URL(res.headers.get("Location")!);
  expect(`${signIn.origin}${signIn.pathname}`).toBe(`${steam.openIdBase}/login`);
  expect(signIn.searchParams.get("openid.mode")).toBe("checkid_setup");
  expect(signIn.searchParams.get("openid.realm")).toBe(`${SITE}/`);
  const returnTo = signIn.searchParams.get("openid.return_to")!;
  return { state: new URL(returnTo).searchParams.get("state")!, returnTo };
}

/** Step 3: the browser arrives at `deliverTo` (a return URL) with these answer parameters. */
async function answer(deliverTo: string, params: Record<string, string>) {
  const url = new URL(deliverTo);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const res = await t.fetch(`${url.pathname}${url.search}`, { method: "GET" });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get("Location")!);
  expect(`${back.origin}${back.pathname}`).toBe(`${PANEL}/me`);
  return {
    state: back.searchParams.get("steamLink") ?? undefined,
    code: back.searchParams.get("code") ?? undefined,
    error: back.searchParams.get("steamLinkError") ?? undefined,
  };
}

async function linkedSteamId(caller: Caller) {
  return (await caller.query(api.users.me, {}))?.steamId ?? null;
}

const refusedWith = (message: string) => ({ data: { message } });

describe("linking Steam", () => {
  test("the whole flow links the SteamID Steam confirmed, with the Steam name; unlink works", async () => {
    const { state, returnTo } = await startFlow(who.asUser);
    const back = await answer(returnTo, steam.assertion(returnTo, ID_A, "Петро"));
    expect(back).toMatchObject({ state });
    expect(back.code).toMatch(/^[0-9a-f]{48}$/);
    expect(steam.checks.at(-1)).toMatchObject({ isValid: true });
    expect(await who.asUser.mutation(api.steamLink.finish, { state, code: back.code })).toEqual({
      steamId: ID_A,
    });
    expect(await who.asUser.query(api.users.me, {})).toMatchObject({
      steamId: ID_A,
      steamName: "Петро",
    });
    expect(await t.query(api.steamLink.verified, { steamId: ID_A })).toBe(true);
    const audit = await t.run((ctx) => ctx.db.query("auditLog").collect());
    expect(audit.map((e) => [e.action, e.details])).toContainEqual(["steam_link", ID_A]);

    await who.asUser.mutation(api.steamLink.unlink, {});
    expect(await linkedSteamId(who.asUser)).toBeNull();
    expect(await t.query(api.steamLink.verified, { steamId: ID_A })).toBe(false);
  });

  test("a flood of answers for made-up flows does not get a real user's answer refused", async () => {
    const { state, returnTo } = await startFlow(who.asUser);
    const site = new URL(returnTo);
    for (let i = 0; i < 150; i++) {
      const fake = (i.toString(16) + "0".repeat(48)).slice(0, 48);
      const res = await t.fetch(`${site.pathname}?state=${fake}`, { method: "GET" });
      expect(res.status).toBe(302); // back to the panel: no such flow
    }
    const back = await answer(returnTo, steam.assertion(returnTo, ID_A, "Петро"));
    expect(back).toMatchObject({ state, code: expect.stringMatching(/^[0-9a-f]{48}$/) });
  });

  test("a forged answer (claimed id changed, or signed by nobody) is refused by Steam's check", async () => {
    const first = await startFlow(who.asUser);
    const real = steam.assertion(first.returnTo, ID_A);
    const forged = {
      ...real,
      "openid.claimed_id": `${steam.openIdBase}/id/${ID_B}`,
      "openid.identity": `${steam.openIdBase}/id/${ID_B}`,
    };
    const back = await answer(first.returnTo, forged);
    expect(back.code).toBeUndefined();
    expect(steam.checks.at(-1)).toMatchObject({ isValid: false });
    await expect(
      who.asUser.mutation(api.steamLink.finish, { state: first.state }),
    ).rejects.toMatchObject(refusedWith(STEAM_LINK_MESSAGES.invalid));

    const second = await startFlow(who.asUser);
    const madeUp = { ...steam.assertion(second.returnTo, ID_B), "openid.sig": "Zm9yZ2Vk" };
    const again = await answer(second.returnTo, madeUp);
    expect(again.code).toBeUndefined();
    await expect(
      who.asUser.mutation(api.steamLink.finish, { state: second.state, code: "0".repeat(48) }),
    ).rejects.toMatchObject(refusedWith(STEAM_LINK_MESSAGES.invalid));
    expect(await linkedSteamId(who.asUser)).toBeNull();
    // Each refused answer and each refused finish left an audit entry under the user.
    const audit = await t.run((ctx) => ctx.db.query("auditLog").collect());
    const refusals = audit.filter((e) => e.action === "steam_link" && e.outcome !== "success");
    expect(refusals.length).toBeGreaterThanOrEqual(4);
    expect(refusals.every((e) => e.username === refusals[0]!.username)).toBe(true);
  });

  test("every refused finish is audited: another user's flow, a wrong code, a SteamID linked elsewhere", async () => {
    const refusalsOf = async () =>
      (await t.run((ctx) => ctx.db.query("auditLog").collect()))
        .filter((e) => e.action === "steam_link" && e.outcome !== "success")
        .map((e) => [e.outcome, e.details]);
    // Another user's flow.
    const theirs = await startFlow(who.asUser);
    const back = await answer(theirs.returnTo, steam.assertion(theirs.returnTo, ID_A));
    await expect(
      who.asModerator.mutation(api.steamLink.finish, { state: theirs.state, code: back.code }),
    ).rejects.toMatchObject(refusedWith(STEAM_LINK_MESSAGES.otherUser));
    expect(await refusalsOf()).toEqual([["unauthorized", STEAM_LINK_MESSAGES.otherUser]]);
    // A wrong code.
    await expect(
      who.asUser.mutation(api.steamLink.finish, { state: theirs.state, code: "0".repeat(48) }),
    ).rejects.toMatchObject(refusedWith(STEAM_LINK_MESSAGES.invalid));
    expect((await refusalsOf()).at(-1)).toEqual(["unauthorized", STEAM_LINK_MESSAGES.invalid]);
    // The SteamID already linked to another user.
    const mine = await startFlow(who.asUser);
    const ok = await answer(mine.returnTo, steam.assertion(mine.returnTo, ID_A));
    await who.asUser.mutation(api.steamLink.finish, { state: mine.state, code: ok.code });
    const other = await startFlow(who.asModerator);
    const again = await answer(other.returnTo, steam.assertion(other.returnTo, ID_A));
    await expect(
      who.asModerator.mutation(api.steamLink.finish, { state: other.state, code: again.code }),
    ).rejects.toMatchObject(refusedWith(STEAM_LINK_MESSAGES.takenElsewhere));
    expect((await refusalsOf()).at(-1)).toEqual(["failure", STEAM_LINK_MESSAGES.takenElsewhere]);
  });

  test("a replayed answer is refused: the flow is single use and Steam confirms a nonce once", async () => {
    const { state, returnTo } = await startFlow(who.asUser);
    const params = steam.assertion(returnTo, ID_A);
    const first = await answer(returnTo, params);
    expect(first.code).toBeDefined();
    const checks = steam.checks.length;
    expect(await answer(returnTo, params)).toEqual({
      state: undefined,
      code: undefined,
      error: "expired",
    });
    expect(steam.checks.length).toBe(checks);
    await who.asUser.mutation(api.steamLink.finish, { state, code: first.code });
    // The code is used up with the flow.
    await expect(
      who.asUser.mutation(api.steamLink.finish, { state, code: first.code }),
    ).rejects.toMatchObject(refusedWith(STEAM_LINK_MESSAGES.expired));

    // The same nonce brought to a fresh flow of the same user, return_to rewritten to match it:
    // the signature no longer covers it, and Steam has already spent that nonce anyway.
    await who.asUser.mutation(api.steamLink.unlink, {});
    const next = await startFlow(who.asUser);
    const replay = await answer(next.returnTo, { ...params, "openid.return_to": next.returnTo });
    expect(replay.code).toBeUndefined();
    expect(steam.checks.at(-1)).toMatchObject({
      nonce: params["openid.response_nonce"],
      isValid: false,
    });
    expect(await linkedSteamId(who.asUser)).toBeNull();
  });

  test("an answer older than a few minutes is refused before asking Steam", async () => {
    const { state, returnTo } = await startFlow(who.asUser);
    const params = steam.assertion(returnTo, ID_A);
    const checks = steam.checks.length;
    await answer(returnTo, { ...params, "openid.response_nonce": "2020-01-01T00:00:00Zabc" });
    expect(steam.checks.length).toBe(checks);
    await expect(who.asUser.mutation(api.steamLink.finish, { state })).rejects.toMatchObject(
      refusedWith(STEAM_LINK_MESSAGES.invalid),
    );
  });

  test("an answer with a wrong return_to is refused, before asking Steam", async () => {
    const a = await startFlow(who.asUser);
    const b = await startFlow(who.asUser);
    const checks = steam.checks.length;
    // Steam's answer for flow A, delivered to flow B's return URL.
    const crossed = await answer(b.returnTo, steam.assertion(a.returnTo, ID_A));
    expect(crossed).toMatchObject({ state: b.state, code: undefined });
    await expect(
      who.asUser.mutation(api.steamLink.finish, { state: b.state }),
    ).rejects.toMatchObject(refusedWith(STEAM_LINK_MESSAGES.returnTo));
    // An answer meant for another site.
    const elsewhere = await answer(
      a.returnTo,
      steam.assertion("https://evil.example/return", ID_A),
    );
    expect(elsewhere.code).toBeUndefined();
    await expect(
      who.asUser.mutation(api.steamLink.finish, { state: a.state }),
    ).rejects.toMatchObject(refusedWith(STEAM_LINK_MESSAGES.returnTo));
    expect(steam.checks.length).toBe(checks);
  });

  test("an answer for another user's flow is refused; its own user still finishes it", async () => {
    // The moderator started the flow; the signed-in user's browser brings the answer back.
    const { state, returnTo } = await startFlow(who.asModerator);
    const back = await answer(returnTo, steam.assertion(returnTo, ID_A));
    await expect(
      who.asUser.mutation(api.steamLink.finish, { state, code: back.code }),
    ).rejects.toMatchObject(refusedWith(STEAM_LINK_MESSAGES.otherUser));
    expect(await linkedSteamId(who.asUser)).toBeNull();
    // Without the code, the flow's owner gets nothing either (the code went to that browser only).
    const other = await startFlow(who.asAdmin);
    await answer(other.returnTo, steam.assertion(other.returnTo, ID_B));
    await expect(
      who.asAdmin.mutation(api.steamLink.finish, { state: other.state, code: "f".repeat(48) }),
    ).rejects.toMatchObject(refusedWith(STEAM_LINK_MESSAGES.invalid));
    expect(await linkedSteamId(who.asAdmin)).toBeNull();

    expect(
      await who.asModerator.mutation(api.steamLink.finish, { state, code: back.code }),
    ).toEqual({ steamId: ID_A });
  });

  test("Steam answering is_valid:false is a refusal", async () => {
    const { state, returnTo } = await startFlow(who.asUser);
    steam.refuseChecks(1);
    const back = await answer(returnTo, steam.assertion(returnTo, ID_A));
    expect(back.code).toBeUndefined();
    expect(steam.checks.at(-1)).toMatchObject({ isValid: false });
    await expect(who.asUser.mutation(api.steamLink.finish, { state })).rejects.toMatchObject(
      refusedWith(STEAM_LINK_MESSAGES.invalid),
    );
    expect(await linkedSteamId(who.asUser)).toBeNull();
  });

  test("a SteamID linked to another account is refused", async () => {
    const mine = await startFlow(who.asModerator);
    const mineBack = await answer(mine.returnTo, steam.assertion(mine.returnTo, ID_A));
    await who.asModerator.mutation(api.steamLink.finish, {
      state: mine.state,
      code: mineBack.code,
    });

    const theirs = await startFlow(who.asUser);
    const back = await answer(theirs.returnTo, steam.assertion(theirs.returnTo, ID_A));
    await expect(
      who.asUser.mutation(api.steamLink.finish, { state: theirs.state, code: back.code }),
    ).rejects.toMatchObject(refusedWith(STEAM_LINK_MESSAGES.takenElsewhere));
    expect(await linkedSteamId(who.asUser)).toBeNull();
    expect(await linkedSteamId(who.asModerator)).toBe(ID_A);
  });

  test("an expired flow neither starts nor finishes; visitors cannot begin", async () => {
    const { state, returnTo } = await startFlow(who.asUser);
    await t.run(async (ctx) => {
      const flow = await ctx.db
        .query("steamLinkFlows")
        .withIndex("by_state", (q) => q.eq("state", state))
        .unique();
      await ctx.db.patch("steamLinkFlows", flow!._id, { expiresAt: Date.now() - 1 });
    });
    // Not to Steam: back to the panel, which says the link expired in the visitor's language.
    const start = await t.fetch(`/steam/openid/start?state=${state}`, { method: "GET" });
    expect(start.status).toBe(302);
    const back = new URL(start.headers.get("Location")!);
    expect(`${back.origin}${back.pathname}`).toBe(`${PANEL}/me`);
    expect(back.searchParams.get("steamLinkError")).toBe("expired");
    expect((await answer(returnTo, steam.assertion(returnTo, ID_A))).error).toBe("expired");
    await expect(who.anonymous.mutation(api.steamLink.begin, {})).rejects.toMatchObject({
      data: { code: "UNAUTHENTICATED" },
    });
    const junk = await t.fetch("/steam/openid/return?state=%3Cscript%3E", { method: "GET" });
    expect(new URL(junk.headers.get("Location")!).searchParams.get("steamLinkError")).toBe(
      "expired",
    );
  });

  test("without PANEL_URL linking says what is missing", async () => {
    delete process.env.PANEL_URL;
    try {
      await expect(who.asUser.mutation(api.steamLink.begin, {})).rejects.toMatchObject(
        refusedWith(STEAM_LINK_MESSAGES.notConfigured),
      );
    } finally {
      process.env.PANEL_URL = PANEL;
    }
  });
});
