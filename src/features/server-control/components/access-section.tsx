import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { useConfirmation } from "@/hooks/use-confirmation";
import { t } from "@/i18n";
import "@/i18n/load/admin";
import "@/i18n/load/bans";
import { useGuestAdminEnabled, useSetGuestAdmin } from "../hooks/use-guest-admin-setting";
import styles from "@/styles/admin.module.css";

/** Guest-admin switch and the tools the app adds (ban list, audit log, panel settings). */
export function AccessSection({ tools }: { tools?: ReactNode }) {
  const guestAdmin = useGuestAdminEnabled();
  const { set, pending } = useSetGuestAdmin();
  const { ask, dialog } = useConfirmation();
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
        <div className={styles.buttons}>{tools}</div>
      </div>
      {dialog}
    </Card>
  );
}
