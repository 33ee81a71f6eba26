import { describe, expect, test } from "vitest";
import { parseWebhookUrl } from "./webhookUrl";

const ID = "123456789012345678";
const TOKEN = "AbC_dEf-0123456789abcdefXYZ";

describe("parseWebhookUrl", () => {
  test.each([
    [`https://discord.com/api/webhooks/${ID}/${TOKEN}`, true],
    [`https://discordapp.com/api/webhooks/${ID}/${TOKEN}`, true],
    [`https://ptb.discord.com/api/webhooks/${ID}/${TOKEN}`, true],
    [`https://canary.discord.com/api/v10/webhooks/${ID}/${TOKEN}/`, true],
    [`  https://discord.com/api/webhooks/${ID}/${TOKEN}  `, true],
    [`http://discord.com/api/webhooks/${ID}/${TOKEN}`, false],
    [`https://discord.com:8443/api/webhooks/${ID}/${TOKEN}`, false],
    [`https://evil.com/api/webhooks/${ID}/${TOKEN}`, false],
    [`https://discord.com.evil.com/api/webhooks/${ID}/${TOKEN}`, false],
    [`https://user:pw@discord.com/api/webhooks/${ID}/${TOKEN}`, false],
    [`https://discord.com/api/webhooks/${ID}/${TOKEN}?wait=true`, false],
    [`https://discord.com/api/webhooks/${ID}/${TOKEN}#x`, false],
    [`https://discord.com/api/webhooks/abc/${TOKEN}`, false],
    [`https://discord.com/api/webhooks/${ID}/short`, false],
    [`https://discord.com/api/webhooks/${ID}/${TOKEN}/slack`, false],
    ["not a url", false],
    ["", false],
    [`https://discord.com/api/webhooks/${ID}/${"a".repeat(400)}`, false],
  ])("%s → %s", (url, ok) => {
    expect(parseWebhookUrl(url) !== null).toBe(ok);
  });

  test("the deployment's extra origin, and only that origin", () => {
    const local = `http://127.0.0.1:3299/api/webhooks/${ID}/${TOKEN}`;
    expect(parseWebhookUrl(local)).toBeNull();
    expect(parseWebhookUrl(local, "http://127.0.0.1:3299")).toBe(local);
    expect(parseWebhookUrl(local, "http://127.0.0.1:3300")).toBeNull();
    expect(parseWebhookUrl(local, "not a url")).toBeNull();
  });
});
