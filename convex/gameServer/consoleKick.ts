/**
 * Kicking a player by SteamID through a plain CS2 console (RCON proxy, direct RCON). CS2's
 * `kickid` takes the userid its `status` prints; `status` prints no SteamIDs and `status_json`
 * (which has them) no userids, so the kick joins the two by name in the same session:
 * `status_json` names the player, `status` numbers him, `kickid <userid>` kicks him. A name two
 * connected players share cannot be told apart: that kick is refused rather than risked on the
 * wrong player. Pure apart from `exec`.
 */
import { parseStatus, parseStatusJson } from "./rconStatus";

export type Exec = (command: string) => Promise<string>;

/** The kick could not name one connected player: the message says why. */
export class ConsoleKickError extends Error {}

export async function kickBySteamId(exec: Exec, steamId: string): Promise<string> {
  const listed = parseStatusJson(await exec("status_json"));
  if (!listed) throw new ConsoleKickError("сервер не відповів на status_json як сервер CS2.");
  const name = listed.clients.find((c) => !c.bot && c.steamId === steamId)?.name;
  if (!name) throw new ConsoleKickError(`гравця ${steamId} немає на сервері.`);
  const rows = parseStatus(await exec("status"))?.clients ?? [];
  const numbered = rows.filter((c) => !c.bot && c.name === name && c.userId);
  if (numbered.length === 0) throw new ConsoleKickError(`гравця ${steamId} немає на сервері.`);
  if (numbered.length > 1) {
    throw new ConsoleKickError(
      `ім'я «${name}» мають кілька гравців на сервері, тож консоль не відрізнить, кого вигнати; скористайтеся kickid з номером зі status.`,
    );
  }
  return await exec(`kickid ${numbered[0]!.userId}`);
}
