import toast from "react-hot-toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/spinner";
import { DataTable } from "@/components/ui/table";
import { useConfirmation } from "@/hooks/use-confirmation";
import { t } from "@/i18n";
import "@/i18n/load/admin";
import "@/i18n/load/common";
import "@/i18n/load/moderation";
import { useUserRoles, type PanelUser } from "../hooks/use-server-settings";
import { actionsColumn } from "@/components/ui/actions-column";
import styles from "@/styles/admin.module.css";

/**
 * Who is an admin or a moderator; grant or revoke. Nobody is offered revoking their own admin
 * (the backend refuses it too), and a moderator through MODERATOR_EMAILS is shown as one, without
 * a switch that could not change it.
 */
export function UsersSettings() {
  const { users, setAdmin, setModerator } = useUserRoles();
  const { ask, dialog } = useConfirmation();
  return (
    <section className={styles.settingsSection} aria-labelledby="settings-users">
      <div className={styles.sectionHeader}>
        <h3 id="settings-users">{t("admin.users.title")}</h3>
      </div>
      {users === undefined ? (
        <Skeleton height="6rem" />
      ) : (
        <DataTable
          caption={t("admin.users.title")}
          rows={users}
          rowKey={(u) => u._id}
          empty={<p className={styles.muted}>{t("admin.users.empty")}</p>}
          columns={[
            {
              header: t("admin.users.col.user"),
              cell: (u) => (
                <div className={styles.cellStack}>
                  <strong>{u.username}</strong>
                  {u.email ? <span className={styles.mono}>{u.email}</span> : null}
                </div>
              ),
            },
            {
              header: t("admin.users.col.role"),
              cell: (u) => (
                <div className={`${styles.cellStack} ${styles.roleCell}`}>
                  <Badge tone={u.isAdmin ? "accent" : u.isModerator ? "warning" : "neutral"}>
                    {u.isAdmin
                      ? t("admin.users.admin")
                      : u.isModerator
                        ? t("header.moderatorBadge")
                        : t("admin.users.user")}
                  </Badge>
                  {u.isSelf ? <span className={styles.muted}>{t("admin.users.you")}</span> : null}
                  {!u.isAdmin && u.moderatorByEmail ? (
                    <span className={styles.muted}>{t("admin.users.moderatorByEmail")}</span>
                  ) : null}
                </div>
              ),
            },
            actionsColumn((u: PanelUser) => (
              <>
                {u.isAdmin || u.moderatorByEmail ? null : (
                  <Button
                    size="sm"
                    variant={u.isModerator ? "danger" : "secondary"}
                    disabled={setModerator.pending}
                    onClick={async () => {
                      const done = await setModerator.run({
                        userId: u._id,
                        isModerator: !u.isModerator,
                      });
                      if (done !== undefined) toast.success(t("admin.users.saved"));
                    }}
                  >
                    {u.isModerator
                      ? t("moderation.revokeModerator")
                      : t("moderation.makeModerator")}
                  </Button>
                )}
                {u.isSelf ? null : (
                  <Button
                    size="sm"
                    variant={u.isAdmin ? "danger" : "secondary"}
                    disabled={setAdmin.pending}
                    onClick={() =>
                      ask({
                        title: t(u.isAdmin ? "admin.users.revokeTitle" : "admin.users.grantTitle", {
                          name: u.username,
                        }),
                        text: t(u.isAdmin ? "admin.users.revokeText" : "admin.users.grantText"),
                        confirmLabel: t(u.isAdmin ? "admin.users.revoke" : "admin.users.grant"),
                        run: async () => {
                          const done = await setAdmin.run({ userId: u._id, isAdmin: !u.isAdmin });
                          if (done !== undefined) toast.success(t("admin.users.saved"));
                        },
                      })
                    }
                  >
                    {u.isAdmin ? t("admin.users.revoke") : t("admin.users.grant")}
                  </Button>
                )}
              </>
            )),
          ]}
        />
      )}
      {dialog}
    </section>
  );
}
