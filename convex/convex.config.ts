import { defineApp } from "convex/server";
import { v } from "convex/values";
import rateLimiter from "@convex-dev/rate-limiter/convex.config.js";
import aggregate from "@convex-dev/aggregate/convex.config.js";

const app = defineApp({
  env: {
    /** Comma-separated verified emails that are admins (`npx convex env set ADMIN_EMAILS a@b.c`). */
    ADMIN_EMAILS: v.optional(v.string()),
  },
});
app.use(rateLimiter);
/** Ranked leaderboards of match history (model/history/leaderboard.ts). */
app.use(aggregate, { name: "leaderboard" });

export default app;
