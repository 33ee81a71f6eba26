/**
 * A POSTed body read as a MatchZy event, once, at the HTTP edge (model/push/http.ts): the
 * receiving mutation is handed the result, typed by its validator, never the text.
 */
import { parse } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";
import {
  vMatchzyEvent,
  vMatchzyGoingLive,
  vMatchzyMapPicked,
  vMatchzyMapResult,
  vMatchzyRoundEnd,
  vMatchzySeriesEnd,
  vMatchzySeriesStart,
  vMatchzySidePicked,
} from "../../lib/matchzyEvents";
import {
  GAME_TEXT,
  hasControlCharacters,
  isGameNumber,
  type GameNumberKind,
  type GameTextKind,
} from "../../lib/gameBounds";
import { ownValue } from "../../lib/ownKey";

const EVENT_VALIDATORS = {
  series_start: vMatchzySeriesStart,
  map_picked: vMatchzyMapPicked,
  side_picked: vMatchzySidePicked,
  going_live: vMatchzyGoingLive,
  round_end: vMatchzyRoundEnd,
  map_result: vMatchzyMapResult,
  series_end: vMatchzySeriesEnd,
};

/** How the panel read a body (see `parsePushEvent`). */
export const vParsedPushEvent = v.union(
  v.object({ kind: v.literal("event"), event: vMatchzyEvent }),
  v.object({ kind: v.literal("unknown"), name: v.string() }),
  v.object({ kind: v.literal("invalid"), name: v.string() }),
);
export type ParsedPushEvent = Infer<typeof vParsedPushEvent>;

/** The longest event name kept from a body the panel does not use or cannot read. */
const NAME_MAX = 40;

/**
 * A body as the panel reads it: one of the events it uses (fields it does not know are dropped),
 * another MatchZy event (`map_vetoed`, `demo_upload_ended`, … to acknowledge and ignore), or a
 * body it cannot read (`name`: the event it claimed to be, "" when none).
 */
export function parsePushEvent(json: unknown): ParsedPushEvent {
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    return { kind: "invalid", name: "" };
  }
  const name: unknown = (json as Record<string, unknown>).event;
  if (typeof name !== "string" || !name) return { kind: "invalid", name: "" };
  const validator = ownValue<(typeof EVENT_VALIDATORS)[keyof typeof EVENT_VALIDATORS]>(
    EVENT_VALIDATORS,
    name,
  );
  if (!validator) return { kind: "unknown", name: name.slice(0, NAME_MAX) };
  try {
    const event = parse(validator, json);
    if (withinGameBounds(event, false)) return { kind: "event", event };
  } catch {
    // The shape is not the event's: read as invalid below.
  }
  return { kind: "invalid", name: name.slice(0, NAME_MAX) };
}

/** Each number of an event as CS2 and MatchZy can produce it, by field (outside `stats`). */
const EVENT_NUMBERS: Record<string, GameNumberKind> = {
  map_number: "mapNumber",
  num_maps: "mapNumber",
  series_score: "mapNumber",
  team1_series_score: "mapNumber",
  team2_series_score: "mapNumber",
  score: "teamScore",
  score_ct: "teamScore",
  score_t: "teamScore",
  round_number: "round",
  reason: "count",
  round_time: "total",
  time_until_restore: "total",
};

/** A player's map stats: counts, apart from damage and scoreboard points. */
const STAT_NUMBERS: Record<string, GameNumberKind> = {
  damage: "damage",
  utility_damage: "damage",
  score: "points",
};

/** Each string of an event, by field; others (sides, winners, ids) are at most a team's name. */
const EVENT_TEXT: Record<string, GameTextKind> = {
  name: "name",
  steamid: "steamId",
  map_name: "map",
  matchid: "team",
};

/**
 * Whether every number and string of an event is one CS2 and MatchZy could send: an event with a
 * score of 1e308, a negative kill count, a 10,000-player team or a name with control characters
 * is refused as a whole (shown as a bad event in the push status), never stored or looped over.
 */
function withinGameBounds(value: unknown, inStats: boolean, key = ""): boolean {
  if (typeof value === "number") {
    // A match id is whatever the config said (the panel's launches use the time in ms).
    if (key === "matchid") return Number.isSafeInteger(value) && value >= 0;
    const kind = inStats
      ? (ownValue(STAT_NUMBERS, key) ?? "count")
      : (ownValue(EVENT_NUMBERS, key) ?? "count");
    return isGameNumber(value, kind);
  }
  if (typeof value === "string") {
    const max = GAME_TEXT[ownValue(EVENT_TEXT, key) ?? "team"];
    return value.length <= max && !hasControlCharacters(value);
  }
  if (Array.isArray(value)) {
    return value.length <= PLAYERS_PER_TEAM_MAX && value.every((v) => withinGameBounds(v, inStats));
  }
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).every(([k, v]) =>
      withinGameBounds(v, inStats || k === "stats", k),
    );
  }
  return true;
}

/** A team's players in one event (CS2 seats at most 64 on a server). */
const PLAYERS_PER_TEAM_MAX = 64;

/** The body's text read once: null when it is not JSON at all. */
export function readPushBody(body: string): ParsedPushEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  return parsePushEvent(json);
}
