import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { t } from "@/i18n";
import "@/i18n/load/common";
import "@/i18n/load/random";
import type { PickedPlayer } from "../hooks/use-random-pick";
import { TeamTag } from "./team-tag";
import styles from "./random.module.css";

export function PickResultModal({
  chosen,
  onClose,
}: {
  chosen: PickedPlayer[] | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={chosen !== null}
      onClose={onClose}
      title={t("random.resultTitle")}
      footer={
        <Button variant="primary" onClick={onClose}>
          {t("common.close")}
        </Button>
      }
    >
      <ol className={styles.resultList}>
        {(chosen ?? []).map((p, i) => (
          <li key={`${p.steamId}:${p.name}`} className={styles.resultItem}>
            <span className={styles.slotIndex}>{i + 1}</span>
            <span className={styles.slotName}>{p.name}</span>
            <TeamTag team={p.team} />
          </li>
        ))}
      </ol>
    </Dialog>
  );
}
