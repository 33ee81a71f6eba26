import { cronJobs } from "convex/server";
import { internal } from "./_generated/api";
import { SWEEP_INTERVAL_MINUTES } from "./model/live/poller";

const crons = cronJobs();

// Idle servers (nobody watching, no match in progress) have no loop: this one sweep polls all of
// them at once (3 calls, whatever the fleet), gives a loop back to one that needs it, revives a
// loop that died and cleans up presence. Viewer heartbeats start a watched loop within seconds.
crons.interval(
  "idle servers sweep",
  { minutes: SWEEP_INTERVAL_MINUTES },
  internal.poller.sweep,
  {},
);

// Demo retention (model/demos/retention.ts): the admin's days and size cap, oldest first, pinned kept.
crons.interval("demo retention", { hours: 1 }, internal.demos.applyRetention, { cursor: null });
// MatchZy servers get a fresh Convex upload URL for their demos (model/demos/upload.ts), and files
// nobody claimed are kept without a map or deleted (model/demos/sweep.ts).
crons.interval("demo upload URLs", { minutes: 5 }, internal.demos.renewUploadUrls, {});
crons.interval("demo strays", { minutes: 15 }, internal.demos.sweepStrays, {});

// Chat retention (model/conduct/chatLog.ts): lines past the admin's days, oldest first.
crons.interval("chat retention", { hours: 1 }, internal.conduct.applyChatRetentionJob, {});

// Whether each CS2 build the fleet runs is still the newest (Steam's UpToDateCheck, one request
// per distinct build).
crons.interval("cs2 update check", { hours: 1 }, internal.health.checkLatest, {});

export default crons;
