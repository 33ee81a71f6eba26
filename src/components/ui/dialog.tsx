import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from "react";
import { t } from "@/i18n";
import "@/i18n/load/common";
import { Button } from "./button";
import styles from "./dialog.module.css";

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Rendered under the title (badges, subtitles). */
  subtitle?: ReactNode;
  footer?: ReactNode;
  size?: "md" | "lg" | "xl";
  /** What gets focus on open (e.g. the form's first input); default: the close button. */
  initialFocus?: RefObject<HTMLElement | null>;
  children?: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal on the native `<dialog>`: the rest of the page is inert, Tab stays inside, Escape and a
 * backdrop click close it, and focus returns to whatever opened it.
 */
export function Dialog(props: DialogProps) {
  return props.open ? <OpenDialog {...props} /> : null;
}

function OpenDialog({
  onClose,
  title,
  subtitle,
  footer,
  size = "md",
  initialFocus,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const native =
    typeof HTMLDialogElement !== "undefined" &&
    typeof HTMLDialogElement.prototype.showModal === "function";

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (native && !dialog.open) dialog.showModal();
    else if (!native) dialog.setAttribute("open", "");
    const first =
      initialFocus?.current ??
      dialog.querySelector<HTMLElement>("[data-autofocus]") ??
      dialog.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => {
      if (native && dialog.open) dialog.close();
      opener?.focus();
    };
    // Only on open: a later change of the ref must not steal focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [native]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Escape" && event.key !== "Tab") return;
    // A dialog opened from another (a confirmation) handles its own keys: the outer one must not.
    event.stopPropagation();
    if (event.key === "Escape") {
      event.preventDefault();
      onClose();
      return;
    }
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // A click whose target is the <dialog> itself landed on the backdrop, outside the content.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-modal="true"
      className={`${styles.dialog} ${size === "md" ? "" : styles[size]} ${native ? "" : styles.fallback}`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      <div className={styles.header}>
        <div className={styles.titles}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {subtitle}
        </div>
        <Button
          variant="ghost"
          iconOnly
          className={styles.close}
          aria-label={t("common.close")}
          data-autofocus
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </Button>
      </div>
      <div className={styles.body}>{children}</div>
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </dialog>
  );
}
