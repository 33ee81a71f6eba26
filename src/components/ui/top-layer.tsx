import { useEffect, useRef, type ReactNode } from "react";
import styles from "./top-layer.module.css";

/**
 * Keeps its children (the toaster) above modal dialogs. A modal `<dialog>` sits in the browser's
 * top layer, over any z-index, so toasts would show dimmed behind its backdrop. A manual popover is
 * in the top layer too; re-showing it whenever a dialog opens (or `raiseKey` changes, e.g. a new
 * toast) puts it back on top. It lets clicks through and is skipped where popovers don't exist.
 */
export function TopLayer({ raiseKey, children }: { raiseKey?: unknown; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof el.showPopover !== "function") return;
    const raise = () => {
      if (el.matches(":popover-open")) el.hidePopover();
      el.showPopover();
    };
    raise();
    const observer = new MutationObserver((records) => {
      if (records.some((r) => r.target instanceof HTMLDialogElement)) raise();
    });
    observer.observe(document.body, { subtree: true, attributeFilter: ["open"] });
    return () => {
      observer.disconnect();
      if (el.matches(":popover-open")) el.hidePopover();
    };
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof el.showPopover !== "function" || raiseKey === undefined) return;
    if (el.matches(":popover-open")) el.hidePopover();
    el.showPopover();
  }, [raiseKey]);

  return (
    <div ref={ref} popover="manual" className={styles.layer}>
      {children}
    </div>
  );
}
