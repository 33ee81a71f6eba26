import { useId, type SelectHTMLAttributes } from "react";
import styles from "./field.module.css";

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  "onChange" | "value"
> {
  label: string;
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
  value: string;
  options: SelectOption[];
  onChange: (value: string) => void;
  placeholder?: string;
}

export function Select({
  label,
  hideLabel,
  value,
  options,
  onChange,
  placeholder,
  className,
  ...rest
}: SelectProps) {
  const id = useId();
  return (
    <div className={`${styles.field} ${className ?? ""}`}>
      <label htmlFor={id} className={hideLabel ? "visually-hidden" : styles.label}>
        {label}
      </label>
      <select
        id={id}
        className={`${styles.control} ${styles.select}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...rest}
      >
        {placeholder !== undefined ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
