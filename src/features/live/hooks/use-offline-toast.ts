import { useEffect, useRef } from "react";
import toast from "react-hot-toast";
import { t } from "@/i18n";
import "@/i18n/load/common";
import { isDowntimeExpected } from "@/lib/expected-downtime";

/**
 * Shows 'Не вдалося оновити дані з API для сервера {name}.' once each time the shown server goes
 * from online to offline. A server that is already offline when shown (or when switched to) does
 * not toast; `online` undefined means "not known yet" and changes nothing. Only staff get it (for
 * visitors the offline banner says it), and not after their own restart or update. A server the
 * panel reaches over RCON (proxy or direct) has no API: its toast says RCON instead.
 */
export function useOfflineToast(
  serverId: string | undefined,
  serverName: string | undefined,
  online: boolean | undefined,
  enabled = true,
  overRcon = false,
) {
  const last = useRef<{ serverId: string; online: boolean } | null>(null);
  useEffect(() => {
    if (!serverId || online === undefined) return;
    const previous = last.current;
    last.current = { serverId, online };
    if (!enabled || isDowntimeExpected(serverName ?? serverId)) return;
    if (previous?.serverId === serverId && previous.online && !online) {
      const key = overRcon ? "errors.rconUpdateFailed" : "errors.apiUpdateFailed";
      toast.error(t(key, { name: serverName ?? serverId }), { id: `offline-${serverId}` });
    }
  }, [serverId, serverName, online, enabled, overRcon]);
}
