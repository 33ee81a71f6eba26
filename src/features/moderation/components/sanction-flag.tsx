import { Badge } from "@/components/ui/badge";
import type { FlaggedPlayer } from "../hooks/use-sanctions";
import { flagText } from "../utils/flag-text";
import styles from "@/styles/admin.module.css";

/**
 * After a connected player's name: an active or recent sanction (admins and moderators see it),
 * red while a block is in force.
 */
export function SanctionFlag({ flag }: { flag: FlaggedPlayer | undefined }) {
  if (!flag) return null;
  const label = flagText(flag);
  return (
    <span className={styles.flag} title={label}>
      <Badge tone={flag.active.length > 0 ? "danger" : "warning"}>
        <span aria-label={label}>⚑ {flag.count >= 10 ? "10+" : flag.count}</span>
      </Badge>
    </span>
  );
}
