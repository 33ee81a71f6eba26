import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { TextField } from "@/components/ui/text-field";
import { env } from "@/config/env";
import type { GatedAction } from "@/hooks/use-gated-action";
import { t } from "@/i18n";
import "@/i18n/load/admin";
import "@/i18n/load/common";
import "@/i18n/load/refusals";
import { serverInputProblems, type api, type ServerInputField } from "@/lib/backend";
import { destinationOf } from "@/lib/destination";
import { unreachableFromCloud } from "@/lib/private-address";
import type { AdminServer } from "../hooks/use-server-settings";
import styles from "@/styles/admin.module.css";

type ConnectionType = AdminServer["connectionType"];

const TYPES: { value: ConnectionType; label: string }[] = (
  ["HTTP", "RCON_PROXY", "RCON"] as const
).map((value) => ({ value, label: t(`admin.servers.type.${value}`) }));

function connectionType(value: string): ConnectionType {
  return TYPES.find((type) => type.value === value)?.value ?? "HTTP";
}

/** A secret field's hint: must be typed again (address changed), or whether one is stored. */
function secretHint(required: boolean, isSet: boolean | undefined) {
  if (required) return t("admin.servers.secretRequired");
  return isSet ? t("admin.servers.secretSetHint") : t("admin.servers.secretNotSetHint");
}

/**
 * Add or edit a server. The form checks every field with the backend's own rules and words and
 * shows each problem under its field; what only the backend can tell (a key in use) shows above
 * the buttons until the next edit.
 * Secrets are write-only: the fields start empty and only show whether a value is set; an empty
 * field keeps the stored one.
 */
export function ServerFormDialog({
  server,
  save,
  onClose,
}: {
  server: AdminServer | null;
  save: GatedAction<typeof api.servers.save>;
  onClose: () => void;
}) {
  const [fields, setFields] = useState({
    key: server?.key ?? "",
    name: server?.name ?? "",
    apiBaseUrl: server?.apiBaseUrl ?? "",
    connectAddress: server?.connectAddress ?? "",
    proxyTargetHost: server?.proxyTargetHost ?? "",
    proxyTargetPort: server?.proxyTargetPort ? String(server.proxyTargetPort) : "",
    gotvPort: server?.gotvPort ? String(server.gotvPort) : "",
    apiKey: "",
    rconPassword: "",
  });
  const [type, setType] = useState<ConnectionType>(server?.connectionType ?? "HTTP");
  const [simpleAdmin, setSimpleAdmin] = useState(server?.simpleAdmin === true);
  const [matchzy, setMatchzy] = useState(server?.matchzy === true);
  const [error, setError] = useState<string>();
  // Field messages show after the first save attempt and follow the typing from then on.
  const [tried, setTried] = useState(false);
  // Both RCON types need the game server's RCON address and password; the proxy also its URL.
  const rcon = type !== "HTTP";
  const direct = type === "RCON";
  const field = (name: keyof typeof fields) => ({
    value: fields[name],
    onChange: (e: { target: { value: string } }) => {
      setFields((f) => ({ ...f, [name]: e.target.value }));
      setError(undefined);
    },
  });

  const input = {
    key: fields.key,
    name: fields.name,
    apiBaseUrl: direct ? "" : fields.apiBaseUrl,
    connectAddress: fields.connectAddress,
    connectionType: type,
    simpleAdmin,
    ...(fields.gotvPort.trim() ? { gotvPort: Number(fields.gotvPort) || 0 } : {}),
    matchzy,
    ...(rcon
      ? {
          proxyTargetHost: fields.proxyTargetHost.trim(),
          proxyTargetPort: Number(fields.proxyTargetPort) || 0,
        }
      : {}),
  };
  const problems = serverInputProblems(input);
  const problem = (name: ServerInputField) => {
    const found = tried ? problems.find((p) => p.field === name) : undefined;
    return found ? t(found.key) : undefined;
  };

  // A stored secret is bound to the address it was entered for: changing it means typing it again.
  const destinationChanged =
    !!server &&
    destinationOf(server) !==
      destinationOf({
        apiBaseUrl: fields.apiBaseUrl,
        connectionType: type,
        proxyTargetHost: fields.proxyTargetHost,
        proxyTargetPort: Number(fields.proxyTargetPort) || undefined,
      });
  // Said as the address is typed: saving it is allowed (the deployment may move), polling fails.
  const privateAddress = unreachableFromCloud(
    {
      apiBaseUrl: fields.apiBaseUrl,
      connectionType: type,
      proxyTargetHost: fields.proxyTargetHost,
    },
    env.convexUrl,
  );
  const needsApiKey = destinationChanged && !direct && !!server?.hasApiKey;
  const needsRconPassword = destinationChanged && rcon && !!server?.hasRconPassword;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setTried(true);
    if (problems.length > 0) return;
    const missing = [
      needsApiKey && !fields.apiKey ? t("admin.servers.apiKey") : null,
      needsRconPassword && !fields.rconPassword ? t("admin.servers.rconPassword") : null,
    ].filter((name): name is string => name !== null);
    if (missing.length > 0) {
      setError(t("admin.servers.secretsRequired", { secrets: missing.join(", ") }));
      return;
    }
    const result = await save.run(
      {
        serverId: server?._id,
        server: input,
        ...(fields.apiKey && !direct ? { apiKey: fields.apiKey } : {}),
        ...(rcon && fields.rconPassword ? { rconPassword: fields.rconPassword } : {}),
      },
      { onError: setError },
    );
    if (result !== undefined) {
      toast.success(t("admin.servers.saved"));
      onClose();
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={server ? t("admin.servers.editTitle", { name: server.name }) : t("admin.servers.add")}
    >
      <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className={styles.formGrid}>
          <TextField
            label={t("admin.servers.key")}
            required
            maxLength={32}
            error={problem("key")}
            {...field("key")}
          />
          <TextField
            label={t("admin.servers.name")}
            required
            maxLength={64}
            error={problem("name")}
            {...field("name")}
          />
          {direct ? null : (
            <TextField
              label={t("admin.servers.apiBaseUrl")}
              placeholder="http://1.2.3.4:8080"
              required
              error={problem("apiBaseUrl")}
              {...field("apiBaseUrl")}
            />
          )}
          <TextField
            label={t("admin.servers.connectAddress")}
            placeholder="1.2.3.4:27015"
            required
            error={problem("connectAddress")}
            {...field("connectAddress")}
          />
          <Select
            label={t("admin.servers.col.type")}
            value={type}
            options={TYPES}
            onChange={(v) => setType(connectionType(v))}
          />
          {direct ? null : (
            <TextField
              label={t("admin.servers.apiKey")}
              type="password"
              autoComplete="new-password"
              placeholder={t("admin.servers.secretPlaceholder")}
              hint={secretHint(needsApiKey, server?.hasApiKey)}
              {...field("apiKey")}
            />
          )}
          {rcon ? (
            <>
              <TextField
                label={t(direct ? "admin.servers.rconHost" : "admin.servers.proxyHost")}
                placeholder="1.2.3.4"
                error={problem("proxyTargetHost")}
                {...field("proxyTargetHost")}
              />
              <TextField
                label={t(direct ? "admin.servers.rconPortDirect" : "admin.servers.proxyPort")}
                type="number"
                inputMode="numeric"
                placeholder="27015"
                error={problem("proxyTargetPort")}
                {...field("proxyTargetPort")}
              />
              <TextField
                label={t("admin.servers.rconPassword")}
                type="password"
                autoComplete="new-password"
                placeholder={t("admin.servers.secretPlaceholder")}
                hint={
                  direct && !server?.hasRconPassword
                    ? t("admin.servers.rconPasswordHint")
                    : secretHint(needsRconPassword, server?.hasRconPassword)
                }
                {...field("rconPassword")}
              />
            </>
          ) : null}
          <TextField
            label={t("admin.servers.gotvPort")}
            type="number"
            inputMode="numeric"
            placeholder="27020"
            hint={t("admin.servers.gotvPortHint")}
            error={problem("gotvPort")}
            {...field("gotvPort")}
          />
        </div>
        <div className={styles.switches}>
          <Switch
            label={t("admin.servers.simpleAdmin")}
            checked={simpleAdmin}
            onChange={setSimpleAdmin}
          />
          <p className={styles.muted}>{t("admin.servers.simpleAdminHint")}</p>
          <Switch label={t("admin.servers.matchzy")} checked={matchzy} onChange={setMatchzy} />
          <p className={styles.muted}>{t("admin.servers.matchzyHint")}</p>
        </div>
        {privateAddress ? <Notice>{t("admin.servers.privateAddress")}</Notice> : null}
        {destinationChanged ? <Notice>{t("admin.servers.destinationChanged")}</Notice> : null}
        {error ? (
          <p className={styles.formError} role="alert">
            {error}
          </p>
        ) : null}
        <div className={styles.formActions}>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="primary" loading={save.pending}>
            {t("admin.servers.save")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
