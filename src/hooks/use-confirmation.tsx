import { useCallback, useState, type ReactNode } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

export interface ConfirmRequest {
  title: string;
  /** What will happen, named concretely (the player, the duration, the server). */
  text: string;
  confirmLabel: string;
  /** Runs on confirm; the dialog stays open, pending, until it settles. */
  run: () => Promise<unknown>;
}

/**
 * "Are you sure?" before an action that ends or resets something people are in the middle of:
 * `ask(request)` opens the dialog, `dialog` is rendered once by the caller.
 */
export function useConfirmation(): { ask: (request: ConfirmRequest) => void; dialog: ReactNode } {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [pending, setPending] = useState(false);
  const ask = useCallback((next: ConfirmRequest) => setRequest(next), []);

  const confirm = async () => {
    if (!request) return;
    setPending(true);
    try {
      await request.run();
    } finally {
      setPending(false);
      setRequest(null);
    }
  };

  const dialog = (
    <ConfirmDialog
      open={request !== null}
      title={request?.title ?? ""}
      confirmLabel={request?.confirmLabel ?? ""}
      danger
      pending={pending}
      onConfirm={() => void confirm()}
      onCancel={() => setRequest(null)}
    >
      {request ? <p>{request.text}</p> : null}
    </ConfirmDialog>
  );
  return { ask, dialog };
}
