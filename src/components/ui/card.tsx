import { useId, type ReactNode } from "react";
import styles from "./card.module.css";

export interface CardProps {
  title?: ReactNode;
  /** Small text or controls on the right of the title row. */
  aside?: ReactNode;
  className?: string;
  bodyClassName?: string;
  children?: ReactNode;
}

export function Card({ title, aside, className, bodyClassName, children }: CardProps) {
  const titleId = useId();
  return (
    <section
      className={`${styles.card} ${className ?? ""}`}
      aria-labelledby={title ? titleId : undefined}
    >
      {title || aside ? (
        <header className={styles.header}>
          {title ? (
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
          ) : (
            <span />
          )}
          {aside ? <div className={styles.aside}>{aside}</div> : null}
        </header>
      ) : null}
      <div className={`${styles.body} ${bodyClassName ?? ""}`}>{children}</div>
    </section>
  );
}
