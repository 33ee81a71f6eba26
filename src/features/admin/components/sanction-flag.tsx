import { Badge } from "@/components/ui/badge";
import { t } from "@/i18n/uk";
import styles from "./admin.module.css";

/** After a connected player's name: they have earlier sanctions (admins and moderators see it). */
export function SanctionFlag({ count }: { count: number | undefined }) {
  if (!count) return null;
  const label = t("moderation.flag", { n: count >= 10 ? "10+" : count });
  return (
    <span className={styles.flag} title={label}>
      <Badge tone="warning">
        <span aria-label={label}>⚑ {count >= 10 ? "10+" : count}</span>
      </Badge>
    </span>
  );
}
