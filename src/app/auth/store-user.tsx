import { useConvexAuth, useMutation } from "convex/react";
import { useEffect, useRef } from "react";
import { api } from "@/lib/backend";
import { useAuthActions } from "@/lib/auth-actions";
import { toastError } from "@/lib/errors";

/** After each sign-in, creates or refreshes the caller's user record once (`api.users.store`). */
export function StoreUser() {
  const { isAuthenticated } = useConvexAuth();
  const { pendingUsername } = useAuthActions();
  const store = useMutation(api.users.store);
  const stored = useRef(false);

  useEffect(() => {
    if (!isAuthenticated) {
      stored.current = false;
      return;
    }
    if (stored.current) return;
    stored.current = true;
    store(pendingUsername ? { username: pendingUsername } : {}).catch((error: unknown) =>
      toastError(error),
    );
  }, [isAuthenticated, pendingUsername, store]);

  return null;
}
