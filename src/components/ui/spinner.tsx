import { t } from "@/i18n";
import "@/i18n/load/common";
import styles from "./spinner.module.css";

export function Spinner({ size = "md", label }: { size?: "md" | "sm"; label?: string }) {
  return (
    <span
      className={`${styles.spinner} ${size === "sm" ? styles.sm : ""}`}
      role={label ? "status" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}

/** A fixed-size placeholder so loading content keeps the final layout (no jumps). */
export function Skeleton({
  width = "100%",
  height = "1rem",
  radius,
  className,
}: {
  width?: string;
  height?: string;
  radius?: string;
  className?: string;
}) {
  return (
    <span
      className={`${styles.skeleton} ${className ?? ""}`}
      style={{ width, height, borderRadius: radius }}
      aria-hidden="true"
    />
  );
}

/** Announces loading to screen readers while skeletons are shown. */
export function LoadingLabel() {
  return (
    <span className="visually-hidden" role="status">
      {t("common.loading")}
    </span>
  );
}
