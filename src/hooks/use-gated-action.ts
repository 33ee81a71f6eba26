import { useSessionId } from "convex-helpers/react/sessions";
import { useAction } from "convex/react";
import type { FunctionArgs, FunctionReference, FunctionReturnType } from "convex/server";
import { useCallback, useState } from "react";
import toast from "react-hot-toast";
import { t } from "@/i18n";
import "@/i18n/load/common";
import type { Id } from "@/lib/backend";
import { actionDoneText } from "@/lib/action-text";
import { isActionName } from "@/lib/catalog";
import {
  backendText,
  backendTextLoaded,
  errorMessage as messageOf,
  showError,
  toastError,
} from "@/lib/errors";

/**
 * What a caller passes: the action's own arguments; the session and (unless given here, as the
 * server settings do) the selected server are filled in.
 */
export type GatedArgs<F extends FunctionReference<"action">> = Omit<
  FunctionArgs<F>,
  "serverId" | "sessionId"
> & { serverId?: Id<"servers"> };

export interface RunOptions {
  /** Receives the failure's message instead of the toast (e.g. to show it in a form). */
  onError?: (message: string) => void;
}

export interface GatedAction<F extends FunctionReference<"action">> {
  /** Runs the action; resolves to its result, or undefined after a failure (already toasted). */
  run: (args: GatedArgs<F>, options?: RunOptions) => Promise<FunctionReturnType<F> | undefined>;
  pending: boolean;
}

export interface GatedActionOptions {
  /** Server the action targets; without one the call is refused with 'Сервер не вибрано.'. */
  serverId?: Id<"servers">;
  /** Whether the action needs a server at all (settings and role changes do not). */
  needsServer?: boolean;
  /** Replaces the backend's message on failure. */
  errorMessage?: string;
}

/**
 * A server action's warning (the game server took it but did not do it) in the reader's language:
 * its key and parameters worded, else its Ukrainian text. Undefined when there is none.
 */
export async function actionWarning(result: unknown): Promise<string | undefined> {
  if (typeof result !== "object" || result === null) return undefined;
  const { warning, warningKey, warningParams } = result as {
    warning?: unknown;
    warningKey?: unknown;
    warningParams?: unknown;
  };
  if (typeof warning !== "string") return undefined;
  await backendTextLoaded(warningKey);
  return backendText(warningKey, warningParams) ?? warning;
}

/**
 * How a server action's result (`{ action, warning? }`, convex/model/serverControl/actions.ts) is announced:
 * what the action that ran did (a switch which way, a cvar by name), or the game server's warning
 * when it did not do it.
 */
function announce(result: unknown, args: Record<string, unknown>): void {
  if (typeof result !== "object" || result === null || !("action" in result)) return;
  if ("warning" in result && typeof result.warning === "string") {
    void actionWarning(result).then((warning = "") => {
      toast(warning, { icon: "⚠️", id: warning });
    });
    return;
  }
  const name = result.action;
  if (typeof name === "string" && isActionName(name)) {
    toast.success(t("actions.success", { action: actionDoneText(name, args) }));
  }
}

/**
 * One admin/guest-admin action of `convex/` (lib/functions.ts gated builders): passes the browser's
 * session id (anonymous guest admins are audited by it) and the selected server, tracks the pending
 * state and reports the outcome with a toast. A server action's result names the action that ran,
 * so its success toast ('Дія "{action}" виконана успішно!') says what it did in the reader's
 * language.
 */
export function useGatedAction<F extends FunctionReference<"action">>(
  fn: F,
  { serverId, needsServer = true, errorMessage }: GatedActionOptions = {},
): GatedAction<F> {
  const action = useAction(fn) as unknown as (args: object) => Promise<FunctionReturnType<F>>;
  const [sessionId] = useSessionId();
  const [pending, setPending] = useState(false);

  const run = useCallback(
    async (
      args: GatedArgs<F>,
      options?: RunOptions,
    ): Promise<FunctionReturnType<F> | undefined> => {
      if (needsServer && !serverId) {
        showError(t("errors.noServer"));
        return undefined;
      }
      setPending(true);
      try {
        const result = await action({ serverId, ...args, sessionId });
        announce(result, args);
        return result;
      } catch (error) {
        if (options?.onError) options.onError(errorMessage ?? messageOf(error));
        else if (errorMessage) showError(errorMessage);
        else toastError(error);
        return undefined;
      } finally {
        setPending(false);
      }
    },
    [action, needsServer, serverId, sessionId, errorMessage],
  );

  return { run, pending };
}
