import { useState } from "react";
import { toastError } from "@/lib/errors";

/**
 * One call at a time from a cup form or button: `busy` while it runs (the buttons show it), a
 * refusal shown once through the error toast. What follows a success goes inside `call`.
 */
export function useBusyCall() {
  const [busy, setBusy] = useState(false);
  const act = async (call: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await call();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, act };
}
