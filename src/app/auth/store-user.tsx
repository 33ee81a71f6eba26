import { useConvexAuth, useMutation } from "convex/react";
import { useEffect, useRef } from "react";
import { api } from "@/lib/backend";
import { toastError } from "@/lib/errors";

/** After each sign-in, creates or refreshes the caller's user record once (`api.users.store`). */
export function StoreUser() {
  const { isAuthenticated } = useConvexAuth();
  const store = useMutation(api.users.store);
  const stored = useRef(false);

  useEffect(() => {
    if (!isAuthenticated) {
      stored.current = false;
      return;
    }
    if (stored.current) return;
    stored.current = true;
    store({}).catch((error: unknown) => toastError(error));
  }, [isAuthenticated, store]);

  return null;
}
