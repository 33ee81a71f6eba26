/**
 * The kill feed's vocabulary, shared by the backend (model/serverLog/) and the web app: one kill as
 * stored and served, and the constants both sides agree on. CS2's HTTP log is its only source
 * (MatchZy's remote log sends no kill and no bomb event).
 */
import { v, type Infer } from "convex/values";
import { vSide } from "./side";

/** Kills kept per server: what a feed panel or an overlay shows, newest first. */
export const KILL_FEED_SIZE = 12;

/** Where CS2 posts its log: `<site URL>/api/log/<serverKey>/<secret>` (CS2 cannot add headers). */
export const LOG_PATH = "/api/log/";

/** The log counts as flowing ("журнал надходить") while the last batch is younger than this. */
export const LOG_ACTIVE_MS = 120_000;

export const vKillPlayer = v.object({
  name: v.string(),
  /** SteamID64; "" for a bot (or an id the log did not give). */
  steamId: v.string(),
  side: v.optional(vSide),
  bot: v.boolean(),
});
export type KillPlayer = Infer<typeof vKillPlayer>;

export const vKill = v.object({
  /** The log line's own identity (its timestamp, both players' slots): a resent batch adds nothing. */
  key: v.string(),
  attacker: vKillPlayer,
  victim: vKillPlayer,
  /** CS2's weapon name as logged (`ak47`, `m4a1_silencer`, `hegrenade`, `inferno`, …). */
  weapon: v.string(),
  headshot: v.boolean(),
  /** Through a wall or another object (CS2 logs it as `penetrated`). */
  penetrated: v.boolean(),
  noscope: v.boolean(),
  throughSmoke: v.boolean(),
  attackerBlind: v.boolean(),
});
export type Kill = Infer<typeof vKill>;
