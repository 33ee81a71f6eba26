/** One POST against the local Discord stand-in: what each answer becomes. */
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { startDiscordStandIn, type DiscordStandIn } from "../../../dev/discord/server";
import { postOnce } from "./delivery";
import { formatMessage } from "./format";

let d: DiscordStandIn;
let hook: string;
const message = formatMessage({ kind: "serverOnline", serverName: "S" }, { at: Date.now() });

beforeAll(async () => {
  d = await startDiscordStandIn();
  hook = `${d.url}/api/webhooks/123456789012345678/abcdefghijklmnopqrstuv`;
});
afterAll(() => d.stop());
beforeEach(() => d.clear());

test("our messages pass Discord's checks", async () => {
  expect(await postOnce(hook, message)).toEqual({ state: "ok", httpStatus: 204 });
  expect(d.messages[0]!.body).toEqual(message);
});

test("a slow answer times out and is retried", async () => {
  d.inject({ delayMs: 1500, count: 1 });
  expect(await postOnce(hook, message, 200)).toEqual({
    state: "retry",
    error: "admin.discord.error.timeout",
  });
});

test("429 carries retry_after; 5xx retries; a refused body fails for good", async () => {
  d.inject({ status: 429, retryAfter: 0.25, count: 1 });
  expect(await postOnce(hook, message)).toMatchObject({ state: "retry", retryAfterMs: 250 });
  d.inject({ status: 502, count: 1 });
  expect(await postOnce(hook, message)).toMatchObject({ state: "retry", httpStatus: 502 });
  expect(await postOnce(hook, {})).toMatchObject({ state: "failed", httpStatus: 400 });
});

test("nobody listening: a network error, retried", async () => {
  const closed = await startDiscordStandIn();
  const url = `${closed.url}/api/webhooks/123456789012345678/abcdefghijklmnopqrstuv`;
  await closed.stop();
  expect(await postOnce(url, message)).toEqual({
    state: "retry",
    error: "admin.discord.error.network",
  });
});
