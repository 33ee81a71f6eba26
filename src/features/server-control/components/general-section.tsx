import { useState } from "react";
import { Card } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { t, type MessageKey } from "@/i18n";
import "@/i18n/load/admin";
import type { GatedAction } from "@/hooks/use-gated-action";
import type { api } from "@/lib/backend";
import type { GuestToggle, ServerToggles } from "../hooks/use-server-control";
import styles from "@/styles/admin.module.css";

type ToggleKey = GuestToggle | "cheats";

const TOGGLES: { key: ToggleKey; label: MessageKey; command: string; adminOnly?: boolean }[] = [
  { key: "isPaused", label: "admin.general.pause", command: "mp_pause_match" },
  { key: "autobalance", label: "admin.general.autobalance", command: "mp_autoteambalance" },
  { key: "friendlyfire", label: "admin.general.friendlyfire", command: "mp_friendlyfire" },
  { key: "bhop", label: "admin.general.bhop", command: "sv_autobunnyhopping" },
  { key: "cheats", label: "admin.general.cheats", command: "sv_cheats", adminOnly: true },
];

export interface GeneralSectionProps {
  toggles: ServerToggles | undefined;
  setToggle: GatedAction<typeof api.serverControl.setToggle>;
  setCheats: GatedAction<typeof api.serverControl.setCheats>;
  isAdmin: boolean;
}

/**
 * Server switches. Each shows the state the game server confirmed when it was last read back
 * (after every action that can change it, and every minute while this tab is open); until then it
 * says "не підтверджено". A switch moves only once the game server accepted the command; all are
 * locked while one call runs.
 */
export function GeneralSection({ toggles, setToggle, setCheats, isAdmin }: GeneralSectionProps) {
  const [busy, setBusy] = useState<ToggleKey | null>(null);

  const flip = async (key: ToggleKey, enabled: boolean) => {
    setBusy(key);
    try {
      if (key === "cheats") await setCheats.run({ enabled });
      else await setToggle.run({ toggle: key, enabled });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card title={t("admin.general.title")}>
      <div className={styles.switches}>
        {TOGGLES.filter((item) => isAdmin || !item.adminOnly).map((item) => (
          <div key={item.key} className={styles.switchRow}>
            <Switch
              label={t(item.label)}
              checked={toggles?.[item.key] ?? false}
              disabled={toggles === undefined || busy !== null}
              onChange={(enabled) => void flip(item.key, enabled)}
            />
            {toggles && !toggles.confirmed ? (
              <span className={styles.unconfirmed}>{t("admin.general.unconfirmed")}</span>
            ) : null}
            <span className={styles.switchHint} aria-hidden="true">
              {item.command}
            </span>
          </div>
        ))}
      </div>
      <p className={styles.muted}>{t("admin.general.readBackNote")}</p>
    </Card>
  );
}
