import { defineApp } from "convex/server";
import { v } from "convex/values";
import rateLimiter from "@convex-dev/rate-limiter/convex.config.js";
import aggregate from "@convex-dev/aggregate/convex.config.js";
import workpool from "@convex-dev/workpool/convex.config.js";

const app = defineApp({
  env: {
    /** Clerk's Frontend API URL: the issuer sign-in tokens are checked against (auth.config.ts). */
    CLERK_JWT_ISSUER_DOMAIN: v.optional(v.string()),
    /** Comma-separated verified emails that are admins (`npx convex env set ADMIN_EMAILS a@b.c`). */
    ADMIN_EMAILS: v.optional(v.string()),
    /** The panel's public URL; Discord messages link players to `<PANEL_URL>/players/<id>`. */
    PANEL_URL: v.optional(v.string()),
    /** One extra origin accepted for Discord webhook URLs (a local stand-in); Discord's always are. */
    DISCORD_WEBHOOK_ORIGIN: v.optional(v.string()),
    /** First retry delay of Discord deliveries in ms (doubles per attempt); default 2000. */
    DISCORD_RETRY_BASE_MS: v.optional(v.string()),
    /** Comma-separated verified emails that are moderators (like ADMIN_EMAILS; or users:setModerator). */
    MODERATOR_EMAILS: v.optional(v.string()),
    /** Steam Web API key: resolves vanity profile URLs (steamcommunity.com/id/<name>) in bans. */
    STEAM_WEB_API_KEY: v.optional(v.string()),
    /** Steam Web API base URL; defaults to https://api.steampowered.com (tests use a stand-in). */
    STEAM_WEB_API_BASE: v.optional(v.string()),
    /** Steam's OpenID 2.0 provider; defaults to https://steamcommunity.com/openid (tests and the demo use a stand-in). */
    STEAM_OPENID_BASE: v.optional(v.string()),
    /**
     * Ms the CS2 log endpoint waits before acknowledging a batch (0-8000; default 0). CS2 sends
     * its next POST only after the answer, so a hold makes fewer, larger POSTs (fewer calls) for
     * more HTTP-action time (`npx tsx dev/bench/log-pacing.ts`).
     */
    LOG_ANSWER_HOLD_MS: v.optional(v.string()),
  },
});
app.use(rateLimiter);
/** Ranked leaderboards of match history (model/history/leaderboard.ts). */
app.use(aggregate, { name: "leaderboard" });
app.use(workpool, { name: "discordPool" });

export default app;
