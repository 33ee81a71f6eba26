import { useId, type ReactNode } from "react";
import styles from "./field.module.css";

export interface FieldProps {
  label: string;
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
  /** Small text under the field (limits, counters); linked with aria-describedby. */
  hint?: ReactNode;
  /** Validation message under the field; marks the control invalid. */
  error?: string;
  className?: string;
  id?: string;
}

/** What the control needs to belong to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * The label, hint and error around one form control (input, text area, select); the control is
 * rendered by `children` with the ids that tie them together.
 */
export function Field({
  label,
  hideLabel,
  hint,
  error,
  className,
  id,
  children,
}: FieldProps & { children: (control: FieldControlProps) => ReactNode }) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={`${styles.field} ${className ?? ""}`}>
      <label htmlFor={controlId} className={hideLabel ? "visually-hidden" : styles.label}>
        {label}
      </label>
      {children({
        id: controlId,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {hint ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className={styles.error} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
