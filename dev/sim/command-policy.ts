/**
 * Which raw console commands the HTTP `/private/command` and the RCON proxy accept (the commands that
 * could take the server down or leak its secrets are blocked). The console itself (RCON with the password) stays unrestricted, as on a real server.
 */
import { tokenize } from "./console";

export const MAX_COMMAND_LENGTH = 512;

const BLOCKED = new Set([
  "quit",
  "exit",
  "_restart",
  "restart",
  "killserver",
  "rcon_password",
  "rcon",
  "sv_setsteamaccount",
  "hostport",
  "ip",
  "log",
  "con_logfile",
  "sv_logfile",
  "writeid",
  "writeip",
  "host_writeconfig",
  "alias",
  "bind",
  "meta",
  "css_plugins",
]);
const BLOCKED_PREFIXES = ["sv_rcon_", "logaddress_", "plugin_"];

export type CommandCheck =
  { ok: true; command: string } | { ok: false; status: 400 | 403; error: string; details: string };

export function checkCommand(input: unknown): CommandCheck {
  if (typeof input !== "string" || input.trim() === "") {
    return {
      ok: false,
      status: 400,
      error: "Missing command",
      details: "Body field 'command' is required",
    };
  }
  // The console splits on these, so one "command" could smuggle in a second, unchecked one.
  if (/[;\n\r\0]/.test(input)) {
    return {
      ok: false,
      status: 400,
      error: "Invalid command",
      details: "Command separators (';', newline, CR, NUL) are not allowed",
    };
  }
  if (input.length > MAX_COMMAND_LENGTH) {
    return {
      ok: false,
      status: 400,
      error: "Invalid command",
      details: `Longer than ${MAX_COMMAND_LENGTH} characters`,
    };
  }
  const command = input.trim();
  const [name = "", arg = ""] = tokenize(command).map((t) => t.toLowerCase());
  const blocked =
    BLOCKED.has(name) ||
    BLOCKED_PREFIXES.some((p) => name.startsWith(p)) ||
    (name === "exec" && (arg.includes("..") || /[/\\:]/.test(arg)));
  if (blocked) {
    return {
      ok: false,
      status: 403,
      error: "Command blocked",
      details: `"${name}" is blocked for security`,
    };
  }
  return { ok: true, command };
}
