/**
 * Kicking a player by SteamID through a plain CS2 console (RCON proxy, direct RCON). CS2's
 * `kickid` takes the userid its `status` prints; `status` prints no SteamIDs and `status_json`
 * (which has them) no userids, so the kick joins the two by name in the same session:
 * `status_json` names the player, `status` numbers him, `kickid <userid>` kicks him. A name two
 * connected players share cannot be told apart: that kick is refused rather than risked on the
 * wrong player. Pure apart from `exec`.
 */
import { ACTION_TEXTS } from "../lib/texts/actions";
import { wordedIn, type TextParams, type Worded } from "../lib/wording";
import { parseStatus, parseStatusJson } from "./rconStatus";

export type Exec = (command: string) => Promise<string>;

type KickRefusal =
  | "refusal.actions.kickNotCs2"
  | "refusal.actions.kickNotConnected"
  | "refusal.actions.kickAmbiguous";

/** The kick could not name one connected player: the message says why, `worded` by its key. */
export class ConsoleKickError extends Error {
  readonly worded: Worded;
  constructor(key: KickRefusal, params?: TextParams) {
    const worded = wordedIn(ACTION_TEXTS, key, params);
    super(worded.message);
    this.worded = worded;
  }
}

export async function kickBySteamId(exec: Exec, steamId: string): Promise<string> {
  const listed = parseStatusJson(await exec("status_json"));
  if (!listed) throw new ConsoleKickError("refusal.actions.kickNotCs2");
  const name = listed.clients.find((c) => !c.bot && c.steamId === steamId)?.name;
  if (!name) throw new ConsoleKickError("refusal.actions.kickNotConnected", { steamId });
  const rows = parseStatus(await exec("status"))?.clients ?? [];
  const numbered = rows.filter((c) => !c.bot && c.name === name && c.userId);
  if (numbered.length === 0) {
    throw new ConsoleKickError("refusal.actions.kickNotConnected", { steamId });
  }
  if (numbered.length > 1) throw new ConsoleKickError("refusal.actions.kickAmbiguous", { name });
  return await exec(`kickid ${numbered[0]!.userId}`);
}
