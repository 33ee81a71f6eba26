import type { SelectHTMLAttributes } from "react";
import { Field } from "./field";
import styles from "./field.module.css";

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectGroup {
  label: string;
  options: SelectOption[];
}

export interface SelectProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  "onChange" | "value"
> {
  label: string;
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
  value: string;
  options?: SelectOption[];
  /** Options under `<optgroup>` headings, after the plain `options`. */
  groups?: SelectGroup[];
  onChange: (value: string) => void;
  placeholder?: string;
}

export function Select({
  label,
  hideLabel,
  value,
  options = [],
  groups = [],
  onChange,
  placeholder,
  className,
  ...rest
}: SelectProps) {
  return (
    <Field {...{ label, hideLabel, className }}>
      {(control) => (
        <select
          {...control}
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
          {options.map(renderOption)}
          {groups.map((g) => (
            <optgroup key={g.label} label={g.label}>
              {g.options.map(renderOption)}
            </optgroup>
          ))}
        </select>
      )}
    </Field>
  );
}

function renderOption(o: SelectOption) {
  return (
    <option key={o.value} value={o.value} disabled={o.disabled}>
      {o.label}
    </option>
  );
}
