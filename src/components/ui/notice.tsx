import type { ReactNode } from "react";
import { Icon } from "./icon";
import styles from "./notice.module.css";

/** A warning line above a screen's content, with an optional action at its end. */
export function Notice({
  children,
  action,
  role = "status",
}: {
  children: ReactNode;
  action?: ReactNode;
  role?: "status" | "note";
}) {
  return (
    <p className={styles.notice} role={role}>
      <Icon name="alert" />
      <span className={styles.text}>{children}</span>
      {action}
    </p>
  );
}
