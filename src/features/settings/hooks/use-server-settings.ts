import { useQuery } from "convex/react";
import type { FunctionArgs, FunctionReturnType } from "convex/server";
import { useGatedAction } from "@/hooks/use-gated-action";
import { api } from "@/lib/backend";

export type AdminServer = FunctionReturnType<typeof api.servers.adminList>[number];
export type ServerSaveArgs = Omit<FunctionArgs<typeof api.servers.save>, "sessionId">;
export type PanelUser = FunctionReturnType<typeof api.users.list>[number];

/** Every server with its settings (secrets only as "is set"), how to change one and delete one. */
export function useServerSettings() {
  const servers = useQuery(api.servers.adminList);
  // Failures are shown by the form (validation messages) or toasted by the caller.
  const save = useGatedAction(api.servers.save, { needsServer: false });
  const remove = useGatedAction(api.servers.remove, { needsServer: false });
  return { servers, save, remove };
}

/** Users and their admin role (grant/revoke, audited; nobody can revoke their own). */
export function useUserRoles() {
  const users = useQuery(api.users.list);
  const setAdmin = useGatedAction(api.users.setAdmin, { needsServer: false });
  const setModerator = useGatedAction(api.users.setModerator, { needsServer: false });
  return { users, setAdmin, setModerator };
}
