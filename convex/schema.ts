import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";
import {
  serverFields,
  tournamentFields,
  vAuditOutcome,
  vIdentityKind,
  vMatch,
  vPlayer,
  vSummary,
  vTournamentTeamKey,
} from "./lib/validators";

export default defineSchema({
  /* One row per identity, keyed by `tokenIdentifier` (issuer|subject). Created non-admin on first
     sign-in; admin is granted only by `users:grantAdmin` (internal) or ADMIN_EMAILS. */
  users: defineTable({
    tokenIdentifier: v.string(),
    username: v.string(),
    email: v.optional(v.string()),
    isAdmin: v.boolean(),
  }).index("by_tokenIdentifier", ["tokenIdentifier"]),

  /* Game servers: public fields only. */
  servers: defineTable(serverFields).index("by_key", ["key"]).index("by_order", ["order"]),

  /* Write-only secrets. No public function returns a row of this table. */
  serverSecrets: defineTable({
    serverId: v.id("servers"),
    apiKey: v.optional(v.string()),
    rconPassword: v.optional(v.string()),
  }).index("by_serverId", ["serverId"]),

  /* What viewers read about liveness. Written on online/offline flips and, at most every ~30 s,
     to refresh `livenessAt`; never on every poll. */
  serverStatus: defineTable({
    serverId: v.id("servers"),
    online: v.boolean(),
    lastSuccessAt: v.optional(v.number()),
    livenessAt: v.number(),
    lastError: v.optional(v.string()),
    changedAt: v.number(),
  }).index("by_serverId", ["serverId"]),

  /* Latest match + summary; replaced only when the content changes. */
  matchSnapshots: defineTable({
    serverId: v.id("servers"),
    match: vMatch,
    summary: v.optional(vSummary),
    updatedAt: v.number(),
  }).index("by_serverId", ["serverId"]),

  /* Latest player list; replaced only when the content changes. */
  playerSnapshots: defineTable({
    serverId: v.id("servers"),
    players: v.array(vPlayer),
    updatedAt: v.number(),
  }).index("by_serverId", ["serverId"]),

  /* Poller bookkeeping: volatile, never read by a public query, so its writes wake nobody. */
  pollers: defineTable({
    serverId: v.id("servers"),
    generation: v.number(),
    jobId: v.optional(v.id("_scheduled_functions")),
    lastTickAt: v.number(),
    lastPlayersAt: v.number(),
    lastLivenessWriteAt: v.number(),
  }).index("by_serverId", ["serverId"]),

  /* Viewer heartbeats: one row per (server, viewer) with an expiry; read only by the poller. */
  presence: defineTable({
    serverId: v.id("servers"),
    viewerId: v.string(),
    expiresAt: v.number(),
    /** The tab shows the player list (players or random tab): the poller fetches players for it. */
    players: v.optional(v.boolean()),
  })
    .index("by_serverId_and_viewerId", ["serverId", "viewerId"])
    .index("by_serverId_and_expiresAt", ["serverId", "expiresAt"])
    .index("by_serverId_and_players_and_expiresAt", ["serverId", "players", "expiresAt"])
    .index("by_expiresAt", ["expiresAt"]),

  /* Per-server toggles, flipped only after the game server accepted the command. */
  serverToggles: defineTable({
    serverId: v.id("servers"),
    isPaused: v.boolean(),
    cheats: v.boolean(),
    autobalance: v.boolean(),
    friendlyfire: v.boolean(),
    bhop: v.boolean(),
  }).index("by_serverId", ["serverId"]),

  /* Global settings (a single row, key "global"). */
  settings: defineTable({
    key: v.string(),
    isGuestAdminEnabled: v.boolean(),
    updatedAt: v.number(),
  }).index("by_key", ["key"]),

  /* Append-only audit log. No public function patches or deletes it. */
  auditLog: defineTable({
    at: v.number(),
    username: v.string(),
    tokenIdentifier: v.optional(v.string()),
    guestId: v.optional(v.string()),
    action: v.string(),
    serverId: v.optional(v.id("servers")),
    serverName: v.optional(v.string()),
    outcome: vAuditOutcome,
    details: v.optional(v.string()),
    /** Established by the backend; absent on entries written before it was recorded. */
    identity: v.optional(vIdentityKind),
    /* A burst of refusals folded into one entry per caller (or per minute for all anonymous
       callers): `bucket` finds it, `count` grows, `sources`/`actions` list up to 20 of each. */
    bucket: v.optional(v.string()),
    count: v.optional(v.number()),
    sources: v.optional(v.array(v.string())),
    actions: v.optional(v.array(v.string())),
  })
    .index("by_at", ["at"])
    .index("by_bucket", ["bucket"]),

  /* Tournaments; exactly one has `active: true`. */
  tournaments: defineTable(tournamentFields).index("by_active", ["active"]),

  /* Who joined which team, by browser session. Session ids are bearer secrets: never returned. */
  tournamentEntrants: defineTable({
    tournamentId: v.id("tournaments"),
    sessionId: v.string(),
    team: vTournamentTeamKey,
    nickname: v.string(),
  }).index("by_tournamentId_and_sessionId", ["tournamentId", "sessionId"]),
});
