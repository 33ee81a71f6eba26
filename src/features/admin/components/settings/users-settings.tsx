import toast from "react-hot-toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/spinner";
import { Table } from "@/components/ui/table";
import { t } from "@/i18n/uk";
import { useUserRoles } from "../../hooks/use-server-settings";
import styles from "../admin.module.css";

/** Who is an admin; grant or revoke (the backend refuses revoking yourself). */
export function UsersSettings() {
  const { users, setAdmin } = useUserRoles();
  return (
    <section className={styles.settingsSection} aria-labelledby="settings-users">
      <div className={styles.sectionHeader}>
        <h3 id="settings-users">{t("admin.users.title")}</h3>
      </div>
      {users === undefined ? (
        <Skeleton height="6rem" />
      ) : users.length === 0 ? (
        <p className={styles.muted}>{t("admin.users.empty")}</p>
      ) : (
        <Table caption={t("admin.users.title")}>
          <thead>
            <tr>
              <th scope="col">{t("admin.users.col.user")}</th>
              <th scope="col">{t("admin.users.col.role")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("bans.col.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <tr key={u._id}>
                <td>
                  <div className={styles.cellStack}>
                    <strong>{u.username}</strong>
                    {u.email ? <span className={styles.mono}>{u.email}</span> : null}
                  </div>
                </td>
                <td>
                  <Badge tone={u.isAdmin ? "accent" : "neutral"}>
                    {u.isAdmin ? t("admin.users.admin") : t("admin.users.user")}
                  </Badge>
                </td>
                <td>
                  <div className={styles.cellActions}>
                    <Button
                      size="sm"
                      variant={u.isAdmin ? "danger" : "secondary"}
                      disabled={setAdmin.pending}
                      onClick={async () => {
                        const done = await setAdmin.run({ userId: u._id, isAdmin: !u.isAdmin });
                        if (done !== undefined) toast.success(t("admin.users.saved"));
                      }}
                    >
                      {u.isAdmin ? t("admin.users.revoke") : t("admin.users.grant")}
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
