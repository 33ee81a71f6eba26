import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { useConfirmation } from "@/hooks/use-confirmation";
import { t } from "@/i18n";
import "@/i18n/load/admin";
import "@/i18n/load/bans";
import type { Id } from "@/lib/backend";
import { useGuestAdminEnabled, useSetGuestAdmin } from "../hooks/use-guest-admin-setting";
import { BanListModal } from "./ban-list-modal";
import { SettingsModal } from "./settings/settings-modal";
import styles from "./admin.module.css";

/** Guest-admin switch, ban list, panel settings and extra tools the app adds (audit log). */
export function AccessSection({
  serverId,
  tools,
}: {
  serverId: Id<"servers"> | undefined;
  tools?: ReactNode;
}) {
  const guestAdmin = useGuestAdminEnabled();
  const { set, pending } = useSetGuestAdmin();
  const { ask, dialog } = useConfirmation();
  const [open, setOpen] = useState<"bans" | "settings" | null>(null);
  return (
    <Card title={t("admin.access.title")}>
      <div className={styles.cardBody}>
        <div className={styles.form}>
          <Switch
            label={t("admin.guest.label")}
            checked={guestAdmin ?? false}
            disabled={guestAdmin === undefined || pending}
            onChange={(enabled) =>
              // Opening the server controls to every visitor asks first; closing them does not.
              enabled
                ? ask({
                    title: t("admin.confirm.guestOnTitle"),
                    text: t("admin.confirm.guestOnText"),
                    confirmLabel: t("admin.confirm.guestOnConfirm"),
                    run: () => set(true),
                  })
                : void set(false)
            }
          />
          <p className={styles.muted}>{t("admin.guest.hint")}</p>
        </div>
        <div className={styles.buttons}>
          <Button onClick={() => setOpen("bans")}>{t("bans.open")}</Button>
          {tools}
          <Button onClick={() => setOpen("settings")}>{t("admin.settings.open")}</Button>
        </div>
      </div>
      {open === "bans" ? <BanListModal serverId={serverId} onClose={() => setOpen(null)} /> : null}
      {open === "settings" ? <SettingsModal onClose={() => setOpen(null)} /> : null}
      {dialog}
    </Card>
  );
}
