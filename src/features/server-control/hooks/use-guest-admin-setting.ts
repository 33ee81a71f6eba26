import { useQuery } from "convex/react";
import { useCallback, useEffect, useRef } from "react";
import toast from "react-hot-toast";
import { useGatedAction } from "@/hooks/use-gated-action";
import { t } from "@/i18n";
import "@/i18n/load/common";
import { api } from "@/lib/backend";

/** Whether an admin opened the general, match and map controls to every visitor; undefined while loading. */
export function useGuestAdminEnabled(): boolean | undefined {
  return useQuery(api.settings.get)?.isGuestAdminEnabled;
}

const TOAST_ID = "guest-admin";

function announce(enabled: boolean) {
  toast.success(t(enabled ? "panel.guestAdminOn" : "panel.guestAdminOff"), { id: TOAST_ID });
}

/**
 * Tells every visitor when the guest-admin panel opens or closes (not on the first load). The admin
 * who flipped it gets the same toast (same id, so it shows once).
 */
export function useGuestAdminAnnouncements(enabled: boolean | undefined) {
  const last = useRef<boolean | undefined>(undefined);
  useEffect(() => {
    if (enabled === undefined) return;
    const previous = last.current;
    last.current = enabled;
    if (previous !== undefined && previous !== enabled) announce(enabled);
  }, [enabled]);
}

/** Opens or closes the guest-admin panel (admin only); 'Не вдалося змінити статус панелі.' on failure. */
export function useSetGuestAdmin() {
  const { run, pending } = useGatedAction(api.settings.setGuestAdmin, {
    needsServer: false,
    errorMessage: t("errors.guestAdminFailed"),
  });
  const set = useCallback(
    async (enabled: boolean) => {
      const ok = (await run({ enabled })) !== undefined;
      if (ok) announce(enabled);
      return ok;
    },
    [run],
  );
  return { set, pending };
}
