import type { FunctionReturnType } from "convex/server";
import { useState } from "react";
import { useGatedAction } from "@/hooks/use-gated-action";
import { api, type Id } from "@/lib/backend";

export type BackupList = FunctionReturnType<typeof api.backups.list>;
export type BackupFile = BackupList["files"][number];
export type RecoveryResult = FunctionReturnType<typeof api.recovery.recover>;

/**
 * The round backups the server holds: read when an admin asks (one request to the game server),
 * kept until the next read.
 */
export function useBackups(serverId: Id<"servers"> | undefined) {
  const list = useGatedAction(api.backups.list, { serverId });
  const [backups, setBackups] = useState<BackupList | null>(null);
  const load = async () => {
    const read = await list.run({});
    if (read) setBackups(read);
    return read;
  };
  return { backups, load, pending: list.pending };
}

/** The one-click recovery of an interrupted match (map, names, the backup, players told). */
export function useRecovery(serverId: Id<"servers"> | undefined) {
  return useGatedAction(api.recovery.recover, { serverId });
}

/** The backup that brings a match interrupted after `rounds` rounds back to its last good round. */
export function lastGoodBackup(files: BackupFile[], rounds: number): BackupFile | undefined {
  return files.filter((f) => f.round <= rounds).at(-1);
}
