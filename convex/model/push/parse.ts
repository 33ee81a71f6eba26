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
    return { kind: "event", event: parse(validator, json) };
  } catch {
    return { kind: "invalid", name: name.slice(0, NAME_MAX) };
  }
}

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
