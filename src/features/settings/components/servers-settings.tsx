import { useState } from "react";
import toast from "react-hot-toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/spinner";
import { DataTable } from "@/components/ui/table";
import { isMessageKey, t } from "@/i18n";
import "@/i18n/load/admin";
import "@/i18n/load/refusals";
import { useServerSettings, type AdminServer } from "../hooks/use-server-settings";
import { ServerFormDialog } from "./server-form-dialog";
import { useConfirmation } from "@/hooks/use-confirmation";
import { actionsColumn } from "@/components/ui/actions-column";
import styles from "@/styles/admin.module.css";

function SecretBadge({ set }: { set: boolean }) {
  return (
    <Badge tone={set ? "success" : "neutral"}>
      {set ? t("admin.servers.secretSet") : t("admin.servers.secretNotSet")}
    </Badge>
  );
}

/**
 * Servers: order, enable/disable, edit settings and write-only secrets, add a new one, delete a
 * disabled one after a confirmation.
 */
export function ServersSettings() {
  const { servers, save, remove } = useServerSettings();
  const [editing, setEditing] = useState<AdminServer | "new" | null>(null);
  const { ask, dialog } = useConfirmation();

  // Only a disabled server can be deleted; the dialog says what goes and what stays.
  const askDelete = (s: AdminServer) =>
    ask({
      title: t("admin.servers.deleteTitle", { name: s.name }),
      text: t("admin.servers.deleteText"),
      confirmLabel: t("admin.servers.delete"),
      run: async () => {
        if ((await remove.run({ serverId: s._id })) !== undefined) {
          toast.success(t("admin.servers.deleted", { name: s.name }));
        }
      },
    });

  const saveAndTell = async (args: Parameters<typeof save.run>[0]) => {
    if ((await save.run(args)) !== undefined) toast.success(t("admin.servers.saved"));
  };

  // Swapping two neighbours' order values keeps every other server where it is.
  const move = async (index: number, delta: -1 | 1) => {
    const a = servers?.[index];
    const b = servers?.[index + delta];
    if (!a || !b) return;
    if ((await save.run({ serverId: a._id, order: b.order })) === undefined) return;
    await saveAndTell({ serverId: b._id, order: a.order });
  };

  return (
    <section className={styles.settingsSection} aria-labelledby="settings-servers">
      <div className={styles.sectionHeader}>
        <h3 id="settings-servers">{t("admin.servers.title")}</h3>
        <Button size="sm" variant="primary" onClick={() => setEditing("new")}>
          {t("admin.servers.add")}
        </Button>
      </div>
      {servers === undefined ? (
        <Skeleton height="8rem" />
      ) : (
        <DataTable
          caption={t("admin.servers.title")}
          rows={servers}
          rowKey={(s) => s._id}
          columns={[
            {
              header: t("admin.servers.col.server"),
              cell: (s) => (
                <div className={styles.cellStack}>
                  <strong>{s.name}</strong>
                  <span className={styles.mono}>
                    {s.key} · {s.connectAddress}
                  </span>
                  <span className={styles.muted}>
                    {t(`admin.servers.type.${s.connectionType}`)}
                  </span>
                </div>
              ),
            },
            {
              header: t("admin.servers.col.secrets"),
              cell: (s) => (
                <div className={styles.cellStack}>
                  {s.connectionType !== "RCON" ? (
                    <span>
                      {t("admin.servers.apiKey")}: <SecretBadge set={s.hasApiKey} />
                    </span>
                  ) : null}
                  {s.connectionType !== "HTTP" ? (
                    <span>
                      {t("admin.servers.rconPassword")}: <SecretBadge set={s.hasRconPassword} />
                    </span>
                  ) : null}
                </div>
              ),
            },
            {
              header: t("admin.servers.col.state"),
              cell: (s) => (
                <div className={styles.cellStack}>
                  <Badge tone={s.disabled ? "danger" : "success"}>
                    {s.disabled ? t("admin.servers.disabled") : t("admin.servers.enabled")}
                  </Badge>
                  {s.rconAuthFailed ? (
                    <span role="status" className={styles.cellNote}>
                      {t("admin.servers.rconAuthFailed")}
                    </span>
                  ) : s.lastError ? (
                    <span className={styles.cellNote}>{lastErrorText(s)}</span>
                  ) : null}
                  {s.pollBackoffMs ? (
                    <span role="status">
                      {t("admin.servers.backoff", { seconds: Math.round(s.pollBackoffMs / 1000) })}
                    </span>
                  ) : null}
                </div>
              ),
            },
            actionsColumn((s: AdminServer, i: number) => (
              <>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t("admin.servers.moveUp", { name: s.name })}
                  disabled={i === 0 || save.pending}
                  onClick={() => void move(i, -1)}
                >
                  ↑
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t("admin.servers.moveDown", { name: s.name })}
                  disabled={i === servers.length - 1 || save.pending}
                  onClick={() => void move(i, 1)}
                >
                  ↓
                </Button>
                <Button size="sm" onClick={() => setEditing(s)}>
                  {t("admin.servers.edit")}
                </Button>
                <Button
                  size="sm"
                  disabled={save.pending}
                  onClick={() => void saveAndTell({ serverId: s._id, disabled: !s.disabled })}
                >
                  {s.disabled ? t("admin.servers.enable") : t("admin.servers.disable")}
                </Button>
                {s.disabled ? (
                  <Button
                    size="sm"
                    variant="danger"
                    disabled={remove.pending}
                    aria-label={t("admin.servers.deleteNamed", { name: s.name })}
                    onClick={() => askDelete(s)}
                  >
                    {t("admin.servers.delete")}
                  </Button>
                ) : null}
              </>
            )),
          ]}
        />
      )}
      {dialog}
      {editing !== null ? (
        <ServerFormDialog
          server={editing === "new" ? null : editing}
          save={save}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}

/**
 * Why the server's last poll failed, in the reader's language when the panel words it; the stored
 * Ukrainian (or the game server's own words) otherwise, as rows written before keys were.
 */
function lastErrorText(server: AdminServer): string | undefined {
  const text = server.lastErrorText;
  return text && isMessageKey(text.key) ? t(text.key, text.params) : server.lastError;
}
