/**
 * Servers this browser just took down on purpose (restart services, server update): going offline
 * then is what the admin asked for, not news worth an error toast.
 */
const until = new Map<string, number>();

/** How long a restart or an update may keep a server away. */
export const EXPECTED_DOWNTIME_MS = 5 * 60_000;

export function expectDowntime(serverName: string, now = Date.now()): void {
  until.set(serverName, now + EXPECTED_DOWNTIME_MS);
}

export function isDowntimeExpected(serverName: string, now = Date.now()): boolean {
  const end = until.get(serverName);
  if (end === undefined) return false;
  if (end > now) return true;
  until.delete(serverName);
  return false;
}
