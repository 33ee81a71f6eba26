import { defineApp } from "convex/server";
import { v } from "convex/values";
import rateLimiter from "@convex-dev/rate-limiter/convex.config.js";

const app = defineApp({
  env: {
    /** Comma-separated verified emails that are admins (`npx convex env set ADMIN_EMAILS a@b.c`). */
    ADMIN_EMAILS: v.optional(v.string()),
    /** Comma-separated verified emails that are moderators (like ADMIN_EMAILS; or users:setModerator). */
    MODERATOR_EMAILS: v.optional(v.string()),
    /** Steam Web API key: resolves vanity profile URLs (steamcommunity.com/id/<name>) in bans. */
    STEAM_WEB_API_KEY: v.optional(v.string()),
    /** Steam Web API base URL; defaults to https://api.steampowered.com (tests use a stand-in). */
    STEAM_WEB_API_BASE: v.optional(v.string()),
  },
});
app.use(rateLimiter);

export default app;
