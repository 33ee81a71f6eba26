import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startDiscordStandIn, validateBody, type DiscordStandIn } from "./server";

let d: DiscordStandIn;
beforeAll(async () => {
  d = await startDiscordStandIn();
});
afterAll(() => d.stop());
beforeEach(() => d.clear());

const HOOK = "/api/webhooks/123456789012345678/tok_en-abcdefghijklmnop";
const post = (body: unknown, path = HOOK) =>
  fetch(`${d.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const ok = {
  embeds: [{ title: "t", description: "d", color: 1, fields: [{ name: "n", value: "v" }] }],
};

describe("validateBody (Discord's limits)", () => {
  test.each([
    [ok, null],
    [{ content: "hi" }, null],
    [{}, "Cannot send an empty message"],
    [[], "Body must be an object"],
    [{ content: "x".repeat(2001) }, "content"],
    [{ embeds: Array.from({ length: 11 }, () => ({ title: "t" })) }, "embeds"],
    [{ embeds: [{ title: "x".repeat(257) }] }, "title"],
    [{ embeds: [{ title: "t", color: -1 }] }, "color"],
    [{ embeds: [{ title: "t", fields: [{ name: "", value: "v" }] }] }, "name"],
    [{ embeds: [{ title: "t", fields: [{ name: "n", value: "x".repeat(1025) }] }] }, "value"],
    [{ embeds: [{ description: "x".repeat(4000) }, { description: "x".repeat(2500) }] }, "6000"],
    [{ content: "x", allowed_mentions: { parse: ["here"] } }, "allowed_mentions"],
  ])("%#", (body, problem) => {
    const result = validateBody(body);
    if (problem === null) expect(result).toBeNull();
    else expect(result).toContain(problem);
  });
});

describe("the HTTP stand-in", () => {
  test("records a valid message (204) and refuses invalid ones (400)", async () => {
    expect((await post(ok)).status).toBe(204);
    expect((await post("{not json")).status).toBe(400);
    expect((await post({})).status).toBe(400);
    expect((await post(ok, "/api/webhooks/123/short")).status).toBe(404);
    expect(d.messages).toHaveLength(1);
    expect(d.requests.map((r) => r.status)).toEqual([204, 400, 400]);
    const listed = (await (await fetch(`${d.url}/messages`)).json()) as unknown[];
    expect(listed).toHaveLength(1);
  });

  test("faults: 429 with retry_after, 5xx, only for the webhook named", async () => {
    d.inject({ status: 429, retryAfter: 2.5, count: 1, webhookId: "123456789012345678" });
    d.inject({ status: 502, count: 1 });
    const limited = await post(ok);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ retry_after: 2.5 });
    expect(limited.headers.get("retry-after")).toBe("3");
    expect((await post(ok)).status).toBe(502);
    expect((await post(ok)).status).toBe(204);
  });

  test("faults over HTTP: bad input is refused", async () => {
    const bad = await fetch(`${d.url}/faults`, { method: "POST", body: "{" });
    expect(bad.status).toBe(400);
    const good = await fetch(`${d.url}/faults`, {
      method: "POST",
      body: JSON.stringify({ status: 500, count: 1 }),
    });
    expect(good.status).toBe(200);
    expect((await post(ok)).status).toBe(500);
  });

  test("the page escapes every posted text", async () => {
    const evil = '<img src=x onerror="alert(1)">';
    await post({
      username: evil,
      embeds: [{ title: evil, description: evil, fields: [{ name: evil, value: evil }] }],
    });
    const html = await (await fetch(`${d.url}/`)).text();
    expect(html).not.toContain("<img");
    expect(html).toContain("&#60;img src=x onerror=&#34;alert(1)&#34;&#62;");
  });
});
