/**
 * Which Discord webhook URLs the panel accepts: https on Discord's own hosts, or the deployment's
 * one extra origin (a local stand-in), with exactly the webhook path. A stored URL is a secret
 * that can post into someone's channel, so anything else is refused rather than guessed at.
 */
import { DISCORD_REFUSAL_TEXTS } from "../../lib/texts/discord";

const DISCORD_HOSTS = new Set([
  "discord.com",
  "discordapp.com",
  "ptb.discord.com",
  "canary.discord.com",
  "ptb.discordapp.com",
  "canary.discordapp.com",
]);
const WEBHOOK_PATH = /^\/api(?:\/v\d{1,2})?\/webhooks\/(\d{17,20})\/([A-Za-z0-9_-]{20,100})\/?$/;
const URL_MAX = 300;

export const WEBHOOK_URL_ERROR = DISCORD_REFUSAL_TEXTS["refusal.discord.badUrl"];

/**
 * The normalised webhook URL, or null when it is not one. Accepted: https on Discord's hosts, or
 * the deployment's extra origin (`DISCORD_WEBHOOK_ORIGIN`, e.g. the local stand-in), always with
 * the `/api/webhooks/<id>/<token>` path and nothing else (no query, no fragment, no credentials).
 */
export function parseWebhookUrl(raw: string, extraOrigin?: string): string | null {
  const text = raw.trim();
  if (!text || text.length > URL_MAX) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.username || url.password || url.search || url.hash) return null;
  if (!WEBHOOK_PATH.test(url.pathname)) return null;
  const discord = url.protocol === "https:" && !url.port && DISCORD_HOSTS.has(url.hostname);
  const extra = !!extraOrigin && originOf(extraOrigin) === url.origin;
  if (!discord && !extra) return null;
  return `${url.origin}${url.pathname.replace(/\/$/, "")}`;
}

/** The http(s) origin of `raw`, or null (an opaque origin is the string "null"). */
export function originOf(raw: string): string | null {
  try {
    const url = new URL(raw.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}
