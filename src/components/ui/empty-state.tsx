import type { ReactNode } from "react";
import styles from "./empty-state.module.css";

export function EmptyState({
  icon,
  title,
  children,
  action,
  role,
}: {
  icon?: ReactNode;
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  role?: "status" | "alert";
}) {
  return (
    <div className={styles.empty} role={role}>
      {icon ? (
        <div className={styles.icon} aria-hidden="true">
          {icon}
        </div>
      ) : null}
      {title ? <p className={styles.title}>{title}</p> : null}
      {children ? <div className={styles.text}>{children}</div> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
