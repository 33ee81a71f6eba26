/**
 * Every form people paste for a Steam account, turned into a SteamID64. Pure: shared by the
 * backend (the source of truth) and the client's form validation. A vanity URL cannot be
 * resolved offline; it comes back as `{ kind: "vanity" }` for the Steam Web API to answer.
 */
import { foldLookalikes } from "./lookalikes";
import { STEAM_ID_TEXTS } from "./texts/steamId";

/** SteamID64 of individual account 0 (universe Public, type Individual, instance 1). */
const BASE = 76561197960265728n;
const MAX_ACCOUNT = 0xffff_ffffn;

export type ParsedSteamId =
  | { kind: "id64"; steamId: string }
  | { kind: "vanity"; name: string }
  | { kind: "invalid"; message: string };

export const STEAM_ID_MESSAGES = {
  empty: STEAM_ID_TEXTS["refusal.steamId.empty"],
  invalid: STEAM_ID_TEXTS["refusal.steamId.invalid"],
  outOfRange: STEAM_ID_TEXTS["refusal.steamId.outOfRange"],
  vanityName: STEAM_ID_TEXTS["refusal.steamId.vanityName"],
} as const;

function fromAccount(account: bigint): ParsedSteamId {
  if (account < 1n || account > MAX_ACCOUNT) {
    return { kind: "invalid", message: STEAM_ID_MESSAGES.outOfRange };
  }
  return { kind: "id64", steamId: (BASE + account).toString() };
}

const ID64_RE = /^\d{17}$/;
const LEGACY_RE = /^STEAM_[01]:([01]):(\d{1,10})$/i;
const STEAM3_RE = /^\[?U:1:(\d{1,10})\]?$/i;
const PROFILE_RE = /^(?:https?:\/\/)?(?:www\.)?steamcommunity\.com\/profiles\/(\d{17})\/?$/i;
const VANITY_RE = /^(?:https?:\/\/)?(?:www\.)?steamcommunity\.com\/id\/([^/?#\s]+)\/?$/i;
/** Steam's custom URL rule: 2–32 letters, digits, "_" or "-". */
const VANITY_NAME_RE = /^[A-Za-z0-9_-]{2,32}$/;

/**
 * A SteamID64 as stored and compared everywhere: 17 ASCII digits naming an individual account
 * (76561197960265729 … 76561202255233023). The one check of that form in the panel.
 */
export function isSteamId64(value: string): boolean {
  if (!ID64_RE.test(value)) return false;
  const account = BigInt(value) - BASE;
  return account >= 1n && account <= MAX_ACCOUNT;
}

/** Whether a person or a program could take this text for a Steam account (any SteamID form). */
export function looksLikeSteamId(text: string): boolean {
  const folded = foldLookalikes(text).trim();
  return ID64_RE.test(folded) || parseSteamId(folded).kind === "id64";
}

export function parseSteamId(input: string): ParsedSteamId {
  if (input.length > 200) return { kind: "invalid", message: STEAM_ID_MESSAGES.invalid };
  const text = foldLookalikes(input)
    .trim()
    .replace(/[?#].*$/, "");
  if (!text) return { kind: "invalid", message: STEAM_ID_MESSAGES.empty };
  if (text.length > 200) return { kind: "invalid", message: STEAM_ID_MESSAGES.invalid };
  const id64 = ID64_RE.test(text) ? text : PROFILE_RE.exec(text)?.[1];
  if (id64) return fromAccount(BigInt(id64) - BASE);
  const legacy = LEGACY_RE.exec(text);
  if (legacy) return fromAccount(BigInt(legacy[2]!) * 2n + BigInt(legacy[1]!));
  const steam3 = STEAM3_RE.exec(text);
  if (steam3) return fromAccount(BigInt(steam3[1]!));
  const vanity = VANITY_RE.exec(text)?.[1];
  if (vanity !== undefined) {
    return VANITY_NAME_RE.test(vanity)
      ? { kind: "vanity", name: vanity }
      : { kind: "invalid", message: STEAM_ID_MESSAGES.vanityName };
  }
  return { kind: "invalid", message: STEAM_ID_MESSAGES.invalid };
}

/** `STEAM_1:X:Y` of a SteamID64 (CS2's console prints universe 1). */
export function toSteam2(steamId64: string): string {
  const account = BigInt(steamId64) - BASE;
  return `STEAM_1:${account % 2n}:${account / 2n}`;
}

/** `[U:1:N]` of a SteamID64. */
export function toSteam3(steamId64: string): string {
  return `[U:1:${BigInt(steamId64) - BASE}]`;
}
