import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { t, type MessageKey } from "@/i18n";
import "@/i18n/load/admin";
import { useDeploymentStatus, type DeploymentStatus } from "../hooks/use-deployment-status";
import styles from "./discord-settings.module.css";
import admin from "@/styles/admin.module.css";

const CLAIMS: Array<[keyof DeploymentStatus["claims"], MessageKey]> = [
  ["email", "admin.setup.claim.email"],
  ["emailVerified", "admin.setup.claim.emailVerified"],
  ["nickname", "admin.setup.claim.nickname"],
];

/** «Стан розгортання»: variables set (never their values), sign-in claims, site URL, servers. */
export default function DeploymentStatusSection() {
  const { status, pending, run } = useDeploymentStatus();
  return (
    <section className={admin.settingsSection} aria-labelledby="settings-setup">
      <div className={admin.sectionHeader}>
        <h3 id="settings-setup">{t("admin.setup.title")}</h3>
        <Button loading={pending} onClick={() => void run()}>
          {t("admin.setup.check")}
        </Button>
      </div>
      <p className={admin.muted}>{t("admin.setup.hint")}</p>
      {status ? <StatusLists status={status} /> : null}
    </section>
  );
}

function Mark({ ok, warn = false }: { ok: boolean; warn?: boolean }) {
  if (ok) return <Badge tone="success">{t("admin.setup.ok")}</Badge>;
  return <Badge tone={warn ? "warning" : "danger"}>{t("admin.setup.missing")}</Badge>;
}

function StatusLists({ status }: { status: DeploymentStatus }) {
  return (
    <div role="status">
      <h4>{t("admin.setup.variables")}</h4>
      <ul className={styles.list}>
        {status.variables.map((variable) => (
          <li key={variable.name} data-variable={variable.name}>
            <code>{variable.name}</code>{" "}
            {variable.set ? (
              <Badge tone="success">{t("admin.setup.set")}</Badge>
            ) : variable.verifiedOtherwise ? (
              <Badge tone="neutral">{t("admin.setup.unsetButSignedIn")}</Badge>
            ) : (
              <Badge tone={variable.required ? "danger" : "neutral"}>
                {t(variable.required ? "admin.setup.requiredUnset" : "admin.setup.unset")}
              </Badge>
            )}
          </li>
        ))}
      </ul>
      <h4>{t("admin.setup.claims")}</h4>
      <p className={admin.muted}>{t("admin.setup.claimsHint")}</p>
      <ul className={styles.list}>
        {CLAIMS.map(([claim, label]) => (
          <li key={claim}>
            {t(label)} <Mark ok={status.claims[claim]} warn />
          </li>
        ))}
      </ul>
      <h4>{t("admin.setup.siteUrl")}</h4>
      <p>
        <code>{status.siteUrl || t("admin.setup.unknown")}</code>
      </p>
      <h4>{t("admin.setup.servers")}</h4>
      {status.servers.length === 0 ? (
        <p className={admin.muted}>{t("admin.setup.noServers")}</p>
      ) : (
        <ul className={styles.list}>
          {status.servers.map((server) => (
            <li key={server.key} data-server={server.key}>
              <strong>{server.name}</strong>{" "}
              {server.reachable ? (
                <Badge tone="success">{t("admin.setup.reachable")}</Badge>
              ) : (
                <Badge tone="danger">{t("admin.setup.unreachable")}</Badge>
              )}
              {server.privateAddress ? (
                <p className={admin.muted}>{t("admin.setup.privateAddress")}</p>
              ) : null}
              {server.error ? <p className={admin.muted}>{server.error}</p> : null}
              <p className={admin.muted}>
                {t("admin.setup.eventsUrl")} <code>{server.eventsUrl}</code>
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
