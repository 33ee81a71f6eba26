import type { FunctionReturnType } from "convex/server";
import { useState } from "react";
import { useGatedAction } from "@/hooks/use-gated-action";
import { api } from "@/lib/backend";

export type DeploymentStatus = FunctionReturnType<typeof api.deployment.setupStatus>;

/** The setup check (admin only): run on demand, since it tries every game server. */
export function useDeploymentStatus() {
  const check = useGatedAction(api.deployment.setupStatus, { needsServer: false });
  const [status, setStatus] = useState<DeploymentStatus | undefined>();
  return {
    status,
    pending: check.pending,
    run: async () => {
      const result = await check.run({});
      if (result) setStatus(result);
    },
  };
}
