import { useGatedAction } from "@/hooks/use-gated-action";
import { api, type Id } from "@/lib/backend";

/** Admin-only server actions: console, chat, password, config, cvar and server maintenance. */
export function useAdminCommands(serverId: Id<"servers"> | undefined) {
  const on = { serverId };
  return {
    runCommand: useGatedAction(api.serverControl.runCommand, on),
    say: useGatedAction(api.serverControl.say, on),
    setPassword: useGatedAction(api.serverControl.setPassword, on),
    removePassword: useGatedAction(api.serverControl.removePassword, on),
    execConfig: useGatedAction(api.serverControl.execConfig, on),
    setCvar: useGatedAction(api.serverControl.setCvar, on),
    resetStats: useGatedAction(api.serverControl.resetStats, on),
    restartServices: useGatedAction(api.serverControl.restartServices, on),
    serverUpdate: useGatedAction(api.serverControl.serverUpdate, on),
  };
}
