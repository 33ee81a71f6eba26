import type { TextareaHTMLAttributes } from "react";
import { Field, type FieldProps } from "./field";
import styles from "./field.module.css";

export interface TextAreaProps
  extends FieldProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, keyof FieldProps> {}

export function TextArea({ label, hideLabel, hint, error, className, id, ...rest }: TextAreaProps) {
  return (
    <Field {...{ label, hideLabel, hint, error, className, id }}>
      {(control) => (
        <textarea {...control} className={`${styles.control} ${styles.textarea}`} {...rest} />
      )}
    </Field>
  );
}
