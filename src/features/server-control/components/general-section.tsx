import { useState } from "react";
import { Card } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { t, type MessageKey } from "@/i18n";
import "@/i18n/load/admin";
import { useServerAction } from "@/hooks/use-server-action";
import type { SwitchName } from "@/lib/backend";
import type { ServerToggles } from "../hooks/use-server-control";
import styles from "@/styles/admin.module.css";

const TOGGLES: { key: SwitchName; label: MessageKey; command: string; adminOnly?: boolean }[] = [
  { key: "isPaused", label: "admin.general.pause", command: "mp_pause_match" },
  { key: "autobalance", label: "admin.general.autobalance", command: "mp_autoteambalance" },
  { key: "friendlyfire", label: "admin.general.friendlyfire", command: "mp_friendlyfire" },
  { key: "bhop", label: "admin.general.bhop", command: "sv_autobunnyhopping" },
  { key: "cheats", label: "admin.general.cheats", command: "sv_cheats", adminOnly: true },
];

export interface GeneralSectionProps {
  toggles: ServerToggles | undefined;
  isAdmin: boolean;
}

/**
 * Server switches. Each shows the state the game server confirmed when it was last read back
 * (after every action that can change it, and every minute while this tab is open); until then it
 * says "не підтверджено". A switch moves only once the game server accepted the command; all are
 * locked while one call runs.
 */
export function GeneralSection({ toggles, isAdmin }: GeneralSectionProps) {
  const [busy, setBusy] = useState<SwitchName | null>(null);
  return (
    <Card title={t("admin.general.title")}>
      <div className={styles.switches}>
        {TOGGLES.filter((item) => isAdmin || !item.adminOnly).map((item) => (
          <SwitchRow
            key={item.key}
            item={item}
            toggles={toggles}
            locked={toggles === undefined || busy !== null}
            onBusy={setBusy}
          />
        ))}
      </div>
      <p className={styles.muted}>{t("admin.general.readBackNote")}</p>
    </Card>
  );
}

/** One switch: its own server action (named as the switch), sent with the new value. */
function SwitchRow({
  item,
  toggles,
  locked,
  onBusy,
}: {
  item: (typeof TOGGLES)[number];
  toggles: ServerToggles | undefined;
  locked: boolean;
  onBusy: (key: SwitchName | null) => void;
}) {
  const action = useServerAction(item.key);
  const flip = async (enabled: boolean) => {
    onBusy(item.key);
    try {
      await action.run({ enabled });
    } finally {
      onBusy(null);
    }
  };
  return (
    <div className={styles.switchRow}>
      <Switch
        label={t(item.label)}
        checked={toggles?.[item.key] ?? false}
        disabled={locked}
        onChange={(enabled) => void flip(enabled)}
      />
      {toggles && !toggles.confirmed ? (
        <span className={styles.unconfirmed}>{t("admin.general.unconfirmed")}</span>
      ) : null}
      <span className={styles.switchHint} aria-hidden="true">
        {item.command}
      </span>
    </div>
  );
}
