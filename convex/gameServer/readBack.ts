/**
 * Reading the switches back from the game server, so the panel shows what is true there rather
 * than what it last sent: four cvar reads through the console and the match's phase (paused or
 * not). One read-back costs five requests to the game server; the panel runs it after every action
 * that can change a switch and about once a minute while an admin has the server controls open.
 */
import type { ToggleName } from "../lib/validators";
import { planAction } from "./commands";
import { normalizeMatch } from "./normalize";
import { gameServerRequest, type GameServerTarget } from "./request";

/** The cvar behind each switch that is a cvar (pause is the match's phase). */
export const TOGGLE_CVARS = {
  cheats: "sv_cheats",
  autobalance: "mp_autoteambalance",
  friendlyfire: "mp_friendlyfire",
  bhop: "sv_autobunnyhopping",
} as const satisfies Partial<Record<ToggleName, string>>;

export const READ_BACK_REQUESTS = Object.keys(TOGGLE_CVARS).length + 1;

/**
 * A cvar's value from the console's answer to its bare name: CS2 prints `name = value` (older
 * builds quote both, `"name" = "value" ( def. … )`). Booleans may read `1`/`0` or `true`/`false`.
 * Anything else is unknown (null), never a guess.
 */
export function parseCvarBool(output: string, cvar: string): boolean | null {
  const re = new RegExp(`"?${cvar}"?\\s*=\\s*"?([^"\\s]+)"?`, "i");
  const value = re.exec(output)?.[1]?.toLowerCase();
  if (value === "1" || value === "true") return true;
  if (value === "0" || value === "false") return false;
  return null;
}

/** What the game server says now; a switch it did not answer for is left out (unknown). */
export async function readBackToggles(
  target: GameServerTarget,
): Promise<Partial<Record<ToggleName, boolean>>> {
  const read = async (cvar: string) => {
    const [request] = planAction({ kind: "command", command: cvar }, target.connectionType);
    const reply = await gameServerRequest<{ result?: unknown }>(target, request!);
    return typeof reply.result === "string" ? parseCvarBool(reply.result, cvar) : null;
  };
  const entries = Object.entries(TOGGLE_CVARS) as [keyof typeof TOGGLE_CVARS, string][];
  const [match, ...values] = await Promise.all([
    gameServerRequest(target, { path: "/match" }).then(normalizeMatch),
    ...entries.map(([, cvar]) => read(cvar)),
  ]);
  const state: Partial<Record<ToggleName, boolean>> = { isPaused: match.roundPhase === "paused" };
  entries.forEach(([name], i) => {
    const value = values[i];
    if (value !== null && value !== undefined) state[name] = value;
  });
  return state;
}
