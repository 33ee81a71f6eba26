/**
 * What may go into a console line the panel sends: the commands it never sends, the checks of every
 * user-given value (free command, chat, cvar, SteamID, duration, reason, URL, secret), each refusal
 * an `InvalidActionError` with its text's key (texts/console.ts) thrown before anything is sent.
 * Pure; the command layer (commands.ts) builds its lines from what passes.
 */
import { CONFIGS } from "../lib/catalog";
import { isSteamId64 } from "../lib/steamId";
import { CORE_TEXTS } from "../lib/texts/core";
import { CONSOLE_TEXTS } from "../lib/texts/console";
import { keyOfMessage, wordedIn, type TextParams, type Worded } from "../lib/wording";
import { BACKUP_FILE_RE } from "./backups";
import { consoleTokens } from "./consoleLine";

import { COMMAND_MAX, SAY_MAX } from "../lib/consoleLimits";

/**
 * A validation failure; nothing has been sent. `message` is the Ukrainian text, `worded` the same
 * with its key and parameters when a text table declares it, for the panel to word it again.
 */
export class InvalidActionError extends Error {
  readonly worded: Worded | undefined;

  constructor(text: string | Worded) {
    const worded = typeof text === "string" ? keyed(text) : text;
    super(typeof text === "string" ? text : text.message);
    this.worded = worded;
  }
}

function keyed(message: string): Worded | undefined {
  const key = keyOfMessage(message);
  return key ? { key, message } : undefined;
}

function refusal(key: keyof typeof CONSOLE_TEXTS & string, params?: TextParams): never {
  invalid(wordedIn(CONSOLE_TEXTS, key, params));
}

/** Console commands a panel must never send, from the free box or anywhere else. */
const BLOCKED_COMMANDS = [
  /^(quit|exit|_restart|restart|killserver|shutdown|crash)$/,
  /^rcon(_password)?$/,
  /^sv_rcon/,
  /^rcon_/,
  /^sv_setsteamaccount$/,
  /^(hostport|ip|net_public_adr)$/,
  /^(log|logaddress_.*|con_logfile|sv_logfile|sv_logecho)$/,
  /^(writeid|writeip|host_writeconfig|banid|removeid|listid)$/,
  /^(alias|bind|unbind|unbindall)$/,
  /^(meta|css_plugins|plugin_.*|sm|sm_.*)$/,
  // Every cvar with its value at once: would print anything a plugin keeps in a cvar.
  /^(cvarlist|find|findflags|differences)$/,
  // Where MatchZy sends its events and demos and with which secret: set only by pushEnable/
  // pushDisable.
  /^(matchzy|get5)_(remote_log|demo_upload)_/,
];

/** A push secret or a launch token as the panel generates it: 32 random bytes, hex. */
export const PUSH_SECRET_RE = /^[0-9a-f]{64}$/;
const PUSH_URL_MAX = 256;

/** The URLs the panel gives a game server, each named in its own refusals. */
export type FeedUrl = "MatchConfig" | "MatchzyEvents" | "ServerLog" | "DemoUpload";

/**
 * A URL a game server is given (where MatchZy posts events and fetches a match config, where CS2
 * posts its log, where MatchZy uploads demos): absolute http(s), nothing that could end the quoted
 * argument. `feed` names it in the refusal.
 */
export function validateFeedUrl(raw: string, feed: FeedUrl, max = PUSH_URL_MAX): string {
  if (!raw) refusal(`refusal.console.urlUnset${feed}`);
  if (raw.length > max || /[\s"'\\;\0]/.test(raw)) refusal(`refusal.console.urlInvalid${feed}`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    refusal(`refusal.console.urlInvalid${feed}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    refusal(`refusal.console.urlScheme${feed}`);
  }
  return raw;
}

const SPLITTERS = /[;\n\r\0]/;
export const MAP_RE = /^[a-z0-9_]{2,64}$/;
export const WORKSHOP_RE = /^\d{6,20}$/;
const CVAR_RE = /^[a-z_][a-z0-9_]{1,63}$/;
export const PASSWORD_RE = /^[\x21\x23-\x26\x28-\x3a\x3c-\x5b\x5d-\x7e]{1,64}$/; // printable, no space " ' ; \
const CVAR_VALUE_RE = /^[\x20\x21\x23-\x26\x28-\x3a\x3c-\x5b\x5d-\x7e]{0,128}$/;

/** Refuses a value: a text of a declared table (or its `Worded`) goes with its key. */
export function invalid(message: string | Worded): never {
  throw new InvalidActionError(message);
}

/**
 * Console commands that take another command or cvar as their first argument and set or read it
 * (`toggle rcon_password a b`): their argument is checked like a command name.
 */
const INDIRECT_COMMANDS = new Set(["toggle", "incrementvar", "multvar", "reset_cvar", "help"]);
/**
 * Tokens naming something write-only (where MatchZy sends events and with which secret, the RCON
 * password): refused anywhere in a free line, so no command can set or print them.
 */
const WRITE_ONLY = /^(?:(?:matchzy|get5)_(?:remote_log|demo_upload)_|rcon_password$|sv_rcon)/;
/** What a console command's name looks like; anything else (`'quit'`, `(exit)`) is refused. */
const COMMAND_NAME_RE = /^[a-z0-9_+\-.]{1,64}$/;

/** The command the console will run: its first token as the console splits the line, lower-cased. */
export function commandName(command: string): string {
  return (consoleTokens(command)[0] ?? "").toLowerCase();
}

function isBlocked(name: string): boolean {
  return BLOCKED_COMMANDS.some((re) => re.test(name)) || WRITE_ONLY.test(name);
}

/**
 * The free console box: checked on the tokens the console will see (quotes group and vanish), so
 * `"quit"` is `quit` here as it is there.
 */
export function validateFreeCommand(raw: string): string {
  const command = raw.trim();
  if (!command) refusal("refusal.console.commandEmpty");
  if (command.length > COMMAND_MAX) refusal("refusal.console.commandTooLong", { max: COMMAND_MAX });
  if (SPLITTERS.test(command)) refusal("refusal.console.commandSplit");
  const tokens = consoleTokens(command).map((t) => t.toLowerCase());
  const name = tokens[0] ?? "";
  if (!COMMAND_NAME_RE.test(name)) {
    refusal("refusal.console.commandName");
  }
  if (isBlocked(name) || (INDIRECT_COMMANDS.has(name) && isBlocked(tokens[1] ?? ""))) {
    refusal("refusal.console.commandBlocked", { name });
  }
  if (tokens.some((t) => WRITE_ONLY.test(t))) {
    refusal("refusal.console.writeOnly");
  }
  if (name === "exec" && !CONFIGS.includes(tokens[1] as (typeof CONFIGS)[number])) {
    refusal("refusal.console.execUnknown");
  }
  return command;
}

/** A round backup file as CS2 names it (`<prefix>_roundNN.txt`): nothing else reaches a load. */
export function validateBackupFile(raw: string): string {
  const file = raw.trim();
  if (!BACKUP_FILE_RE.test(file)) invalid(wordedIn(CORE_TEXTS, "backend.backupPick"));
  return file;
}

export function validateChat(raw: string): string {
  const message = raw.trim();
  if (!message) refusal("refusal.console.chatEmpty");
  if (message.length > SAY_MAX) refusal("refusal.console.chatTooLong", { max: SAY_MAX });
  if (/[;\n\r\0"]/.test(message)) refusal("refusal.console.chatChars");
  return message;
}

export function validateCvar(name: string, value: string): { cvar: string; value: string } {
  const cvar = name.trim().toLowerCase();
  if (!CVAR_RE.test(cvar) || isBlocked(cvar) || INDIRECT_COMMANDS.has(cvar)) {
    refusal("refusal.console.cvarName");
  }
  if (!CVAR_VALUE_RE.test(value)) refusal("refusal.console.cvarChars");
  if (consoleTokens(value).some((t) => WRITE_ONLY.test(t.toLowerCase()))) {
    refusal("refusal.console.cvarValue");
  }
  return { cvar, value };
}

export function validateSteamId(steamId: string): string {
  if (!isSteamId64(steamId)) refusal("refusal.console.steamId");
  return steamId;
}

/**
 * Text as one quoted console argument: quotes, ";" (ends a console line), backslashes and control
 * characters cannot survive, so the text can never become a second command.
 */
export function quotedArg(text: string, max: number): string {
  const safe = text
    .replace(/[\p{Cc}\p{Cf}"';\\`]/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max);
  return `"${safe}"`;
}

/** A ban reason as one quoted argument after a space, or nothing without a reason. */
export function consoleReason(reason: string | undefined): string {
  const quoted = quotedArg(reason ?? "", 100);
  return quoted === '""' ? "" : ` ${quoted}`;
}

export function validateDuration(duration: number): number {
  if (!Number.isInteger(duration) || duration < 0 || duration > 5_256_000) {
    refusal("refusal.console.banDuration");
  }
  return duration;
}
