import { useMutation } from "convex/react";
import { useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useSearchParams } from "react-router-dom";
import { t } from "@/i18n";
import "@/i18n/load/account";
import { api } from "@/lib/backend";
import { showError, throwRefusal, toastError } from "@/lib/errors";

/** Starts linking: the backend makes a one-time flow, the browser goes to Steam's sign-in. */
export function useBeginSteamLink() {
  const begin = useMutation(api.steamLink.begin);
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      const { url } = await begin({});
      window.location.assign(url);
    } catch (error) {
      toastError(error);
      setPending(false);
    }
  };
  return { begin: run, pending };
}

export function useUnlinkSteam() {
  const unlink = useMutation(api.steamLink.unlink);
  return async () => {
    try {
      await unlink({});
      toast.success(t("account.steam.unlinked"));
    } catch (error) {
      toastError(error);
    }
  };
}

/**
 * Back from Steam: `/me?steamLink=<flow>&code=<one-time code>` (or `steamLinkError=expired`).
 * Finishes the link once, as the signed-in user, and takes the parameters out of the address so a
 * reload or a shared link does not repeat it.
 */
export function useSteamLinkReturn(ready: boolean) {
  const [params, setParams] = useSearchParams();
  const finish = useMutation(api.steamLink.finish);
  const done = useRef(false);
  const state = params.get("steamLink");
  const code = params.get("code") ?? undefined;
  const error = params.get("steamLinkError");
  useEffect(() => {
    if (!ready || done.current || (!state && !error)) return;
    done.current = true;
    setParams({}, { replace: true });
    if (!state) {
      showError(t("account.steam.expired"));
      return;
    }
    finish({ state, code })
      .then(throwRefusal)
      .then(() => toast.success(t("account.steam.linked")))
      .catch((e: unknown) => toastError(e));
  }, [ready, state, code, error, finish, setParams]);
}
