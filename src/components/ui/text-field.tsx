import type { InputHTMLAttributes, Ref } from "react";
import { Field, type FieldProps } from "./field";
import styles from "./field.module.css";

export interface TextFieldProps
  extends FieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, keyof FieldProps> {
  ref?: Ref<HTMLInputElement>;
}

export function TextField({
  label,
  hideLabel,
  hint,
  error,
  className,
  id,
  ...rest
}: TextFieldProps) {
  return (
    <Field {...{ label, hideLabel, hint, error, className, id }}>
      {(control) => <input {...control} className={styles.control} {...rest} />}
    </Field>
  );
}
