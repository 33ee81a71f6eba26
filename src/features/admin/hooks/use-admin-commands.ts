import { useGatedAction } from "@/hooks/use-gated-action";
import { api, type Id } from "@/lib/backend";

/** Admin-only server actions: console, chat, password, config, cvar and server maintenance. */
export function useAdminCommands(serverId: Id<"servers"> | undefined) {
  const on = { serverId };
  return {
    runCommand: useGatedAction(api.serverControl.runCommand, { ...on, successLabel: "command" }),
    say: useGatedAction(api.serverControl.say, { ...on, successLabel: "say" }),
    setPassword: useGatedAction(api.serverControl.setPassword, {
      ...on,
      successLabel: "setPassword",
    }),
    removePassword: useGatedAction(api.serverControl.removePassword, {
      ...on,
      successLabel: "removePassword",
    }),
    execConfig: useGatedAction(api.serverControl.execConfig, { ...on, successLabel: "execConfig" }),
    setCvar: useGatedAction(api.serverControl.setCvar, { ...on, successLabel: "cvar" }),
    resetStats: useGatedAction(api.serverControl.resetStats, { ...on, successLabel: "resetStats" }),
    restartServices: useGatedAction(api.serverControl.restartServices, {
      ...on,
      successLabel: "restartServices",
    }),
    serverUpdate: useGatedAction(api.serverControl.serverUpdate, {
      ...on,
      successLabel: "serverUpdate",
    }),
  };
}
