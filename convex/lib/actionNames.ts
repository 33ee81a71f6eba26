/**
 * The name of every server action, kept apart from their declarations (gameServer/actions.ts):
 * the browser needs only the names (audit labels and filters, success toasts), and importing the
 * declarations would put their console lines, plugin requests and validators into every
 * visitor's first download. `lib/actionRegistry.ts` does not compile while this list and the
 * declarations differ, so a new action's name is added here where the compiler points.
 */
import { isOwnKey } from "./ownKey";

export const ACTION_NAMES = [
  "isPaused",
  "autobalance",
  "friendlyfire",
  "bhop",
  "cheats",
  "changeMap",
  "workshopMap",
  "gameMode",
  "restartGame",
  "skipWarmup",
  "botKick",
  "backupsOn",
  "backupList",
  "restoreBackup",
  "restoreBackupMatchzy",
  "teamNames",
  "teamNamesClear",
  "command",
  "say",
  "setPassword",
  "removePassword",
  "execConfig",
  "cvar",
  "resetStats",
  "restartServices",
  "serverUpdate",
  "kick",
  "ban",
  "unban",
  "reportReply",
  "mute",
  "gag",
  "silence",
  "unmute",
  "ungag",
  "unsilence",
  "launchGame",
  "loadMatchConfig",
  "pushEnable",
  "pushDisable",
  "logEnable",
  "logDisable",
  "demoRecord",
  "demoStop",
  "demoUploadUrl",
] as const;

export type ListedActionName = (typeof ACTION_NAMES)[number];

const LISTED: Readonly<Record<string, true>> = Object.fromEntries(
  ACTION_NAMES.map((name) => [name, true]),
);

/** Own-key check: an audit entry or a result names a server action. */
export function isActionName(name: string): name is ListedActionName {
  return isOwnKey(LISTED, name);
}
