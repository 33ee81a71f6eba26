import { createContext, useContext } from "react";
import { api, type Id, type PanelActionName } from "@/lib/backend";
import { useGatedAction, type GatedAction } from "./use-gated-action";

/**
 * The server the server actions below it run on (the admin tab's selected server):
 * `<ServerActionScope.Provider value={serverId}>`.
 */
export const ServerActionScope = createContext<Id<"servers"> | undefined>(undefined);

export type ServerActionRunner<N extends PanelActionName> = GatedAction<
  (typeof api.serverControl)[N]
>;

/**
 * One panel action (declared in convex/gameServer/actions.ts, a public function of the same
 * name): runs it on the scope's server with the browser's session, tracks the pending state and
 * toasts the outcome (what it did, or the failure).
 */
export function useServerAction<N extends PanelActionName>(name: N): ServerActionRunner<N> {
  const serverId = useContext(ServerActionScope);
  return useGatedAction(api.serverControl[name], { serverId });
}
