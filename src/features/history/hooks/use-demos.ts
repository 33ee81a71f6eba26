import { useQuery } from "convex/react";
import { api } from "@/lib/backend";
import { useGatedAction } from "@/hooks/use-gated-action";

/**
 * A recorded map's demos: admins get every state (hidden and failed ones too), everyone else the
 * stored, visible ones; undefined while loading.
 */
export function useMatchDemos(matchId: string, isAdmin: boolean) {
  const visible = useQuery(api.demos.ofMatch, isAdmin ? "skip" : { matchId });
  const all = useQuery(api.demos.adminOfMatch, isAdmin ? { matchId } : "skip");
  return isAdmin ? all : visible;
}

/** The admins' demo list: what needs them, the newest stored demos, the store's policy. */
export function useDemoList() {
  return useQuery(api.demos.adminList, {});
}

/** What admins do with a demo; each refusal is shown once as a toast. */
export function useDemoActions() {
  const options = { needsServer: false } as const;
  return {
    setHidden: useGatedAction(api.demos.setHidden, options),
    setPinned: useGatedAction(api.demos.setPinned, options),
    remove: useGatedAction(api.demos.remove, options),
    attach: useGatedAction(api.demos.attach, options),
    setRetention: useGatedAction(api.demos.setRetention, options),
  };
}
