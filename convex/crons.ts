import { cronJobs } from "convex/server";
import { internal } from "./_generated/api";

const crons = cronJobs();

// Loops restart themselves on every tick; this only catches one that died (e.g. a crashed action).
// Viewer heartbeats revive a watched server's loop within seconds, so this can be slow and cheap.
crons.interval("poller watchdog", { minutes: 10 }, internal.poller.watchdog, {});

export default crons;
