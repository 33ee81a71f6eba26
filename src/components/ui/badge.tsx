import type { ReactNode } from "react";
import styles from "./badge.module.css";

export type BadgeTone = "neutral" | "ct" | "t" | "success" | "danger" | "warning" | "accent";

export function Badge({
  tone = "neutral",
  title,
  className,
  children,
}: {
  tone?: BadgeTone;
  title?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span className={`${styles.badge} ${styles[tone] ?? ""} ${className ?? ""}`} title={title}>
      {children}
    </span>
  );
}
