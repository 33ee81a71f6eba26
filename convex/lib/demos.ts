/**
 * Match demos: the shapes stored and shown, the upload's bounds and the retention defaults.
 * Dependency-free apart from validators, so the browser imports the constants too.
 */
import { v, type Infer } from "convex/values";

/** The largest demo taken. A 24-round CS2 map records 40–120 MB; long overtimes 200+ MB. */
export const DEMO_MAX_BYTES = 1024 * 1024 * 1024;
/** Convex's upload URLs expire an hour after they were made (checked when an upload starts). */
export const UPLOAD_URL_TTL_MS = 60 * 60 * 1000;
/**
 * How often the panel gives a MatchZy server a fresh upload URL: an upload that starts at any
 * moment then holds one at most this old, so one missed renewal still leaves it valid.
 */
export const UPLOAD_URL_RENEW_MS = 25 * 60 * 1000;
/**
 * From a map's record to when its upload must have arrived: MatchZy starts it `tv_delay` + 15 s +
 * 15 s after the map ends and .NET gives it 100 s; `tv_delay` is at most 120 s.
 */
export const UPLOAD_WAIT_MS = 10 * 60 * 1000;

/** The cvars that make MatchZy upload demos (DemoManagement.cs, ConfigConvars.cs). */
export const MATCHZY_DEMO_CVARS = {
  url: "matchzy_demo_upload_url",
  headerKey: "matchzy_demo_upload_header_key",
  headerValue: "matchzy_demo_upload_header_value",
} as const;

/**
 * - `uploading`: a MatchZy map was recorded; its file is awaited in storage.
 * - `ready`: stored and checked: a complete demo.
 * - `partial`: stored, but the recording was never closed (the server stopped mid-map): it may
 *   not play to the end.
 * - `failed`: nothing usable arrived (`problem` says why); nothing is stored.
 * - `recording`: the panel runs `tv_record` on a server without MatchZy.
 * - `on_server`: that recording stopped; the file stays on the game server at `serverPath`.
 */
export const vDemoState = v.union(
  v.literal("uploading"),
  v.literal("ready"),
  v.literal("partial"),
  v.literal("failed"),
  v.literal("recording"),
  v.literal("on_server"),
);
export type DemoState = Infer<typeof vDemoState>;

/** Why a demo failed: its bytes never came, what came was not a demo, or no recording started. */
export const vDemoProblem = v.union(
  v.literal("never_arrived"),
  v.literal("not_a_demo"),
  /** The game server did not take `tv_record` (GOTV off, or unreachable). */
  v.literal("not_recorded"),
  /** Larger than DEMO_MAX_BYTES: deleted. */
  v.literal("too_big"),
);
export type DemoProblem = Infer<typeof vDemoProblem>;

export const vDemoSource = v.union(v.literal("matchzy"), v.literal("tv_record"));
/** The folder (under `csgo/`) the panel's own recordings go to. */
export const PANEL_DEMO_FOLDER = "panel_demos";

/** What a match page shows of one demo. `url` only while it can be downloaded by this viewer. */
export const vDemoView = v.object({
  id: v.id("demos"),
  fileName: v.string(),
  size: v.union(v.number(), v.null()),
  state: vDemoState,
  problem: v.union(vDemoProblem, v.null()),
  source: vDemoSource,
  url: v.union(v.string(), v.null()),
  serverPath: v.union(v.string(), v.null()),
  hidden: v.boolean(),
  pinned: v.boolean(),
  storedAt: v.union(v.number(), v.null()),
});
export type DemoView = Infer<typeof vDemoView>;

/** An admin's list entry: a demo with the server and map it came from. */
export const vDemoAdminItem = v.object({
  ...vDemoView.fields,
  serverKey: v.string(),
  matchId: v.union(v.id("matches"), v.null()),
  matchzyMatchId: v.union(v.number(), v.null()),
  mapNumber: v.union(v.number(), v.null()),
  startedAt: v.number(),
});
export type DemoAdminItem = Infer<typeof vDemoAdminItem>;

/** How long demos are kept and how much storage they may take; pinned demos are always kept. */
export const vDemoRetention = v.object({
  /** Demos older than this many days are deleted (0: no age limit). */
  days: v.number(),
  /** The most all kept demos may take, in bytes; the oldest unpinned go first (0: no cap). */
  capBytes: v.number(),
});
export type DemoRetention = Infer<typeof vDemoRetention>;
export const DEFAULT_RETENTION: DemoRetention = { days: 30, capBytes: 20 * 1024 ** 3 };
export const RETENTION_MAX_DAYS = 3650;
export const RETENTION_MAX_CAP_BYTES = 10 * 1024 ** 4;

export const vDemoStorageTotals = v.object({
  ...vDemoRetention.fields,
  totalBytes: v.number(),
  count: v.number(),
});
