import { useQuery } from "convex/react";
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

export type BackupsNotice = NonNullable<FunctionReturnType<typeof api.backups.notice>>;

/**
 * What the panel did by itself when a match went live on this server with backups off (turned
 * them on, or could not), while it is recent; null when it had nothing to do.
 */
export function useBackupsNotice(serverId: Id<"servers"> | undefined) {
  return useQuery(api.backups.notice, serverId ? { serverId } : "skip");
}

/** The one-click recovery of an interrupted match (map, names, the backup, players told). */
export function useRecovery(serverId: Id<"servers"> | undefined) {
  return useGatedAction(api.recovery.recover, { serverId });
}

/** The backup that brings a match interrupted after `rounds` rounds back to its last good round. */
export function lastGoodBackup(files: BackupFile[], rounds: number): BackupFile | undefined {
  return files.filter((f) => f.round <= rounds).at(-1);
}
