import { forwardRef, type InputHTMLAttributes } from "react";
import { Field, type FieldProps } from "./field";
import styles from "./field.module.css";

export interface TextFieldProps
  extends FieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, keyof FieldProps> {}

/** forwardRef, not a `ref` prop: Preact's function components never see `ref` among their props. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hideLabel, hint, error, className, id, ...rest },
  ref,
) {
  return (
    <Field {...{ label, hideLabel, hint, error, className, id }}>
      {(control) => <input ref={ref} {...control} className={styles.control} {...rest} />}
    </Field>
  );
});
