import type { ReactNode } from "react";
import { Notice } from "@/components/ui/notice";
import { useConfirmation, type ConfirmRequest } from "@/hooks/use-confirmation";
import { t } from "@/i18n";
import "@/i18n/load/admin";
import type { Id } from "@/lib/backend";
import { ServerActionScope } from "@/hooks/use-server-action";
import { useServerToggles, useToggleReadBack } from "../hooks/use-server-control";
import { AccessSection } from "./access-section";
import { BackupsSection } from "./backups-section";
import { ChatSection, CommandSection } from "./command-section";
import { GeneralSection } from "./general-section";
import { HealthSection } from "./health-section";
import { InterruptionNotice } from "./interruption-notice";
import { MaintenanceSection } from "./maintenance-section";
import { MapSection } from "./map-section";
import { MatchSection } from "./match-section";
import { ConfigSection, PasswordSection } from "./server-config-sections";
import styles from "@/styles/admin.module.css";

type Confirm = (request: ConfirmRequest) => void;

export interface AdminTabProps {
  serverId: Id<"servers"> | undefined;
  /** Named in the confirmations of actions that end or reset a match. */
  serverName?: string;
  /** Admins get every section; guest admins only general, match and map. */
  isAdmin: boolean;
  /** Admin tools composed by the app (ban list, audit log, panel settings buttons). */
  tools?: ReactNode;
  /** The game server's feed sections (MatchZy events, HTTP log), composed by the app. */
  feeds?: ReactNode;
}

/** Server control: general, match and map for guest admins too, the rest for admins only. */
export function AdminTab({ serverId, serverName = "", isAdmin, tools, feeds }: AdminTabProps) {
  const toggles = useServerToggles(serverId);
  useToggleReadBack(serverId);
  const { ask, dialog } = useConfirmation();
  return (
    <ServerActionScope.Provider value={serverId}>
      <div className={styles.tab}>
        {!isAdmin ? <Notice role="note">{t("admin.guestNotice")}</Notice> : null}
        {isAdmin ? (
          <InterruptionNotice serverId={serverId} serverName={serverName} confirm={ask} />
        ) : null}
        <section className={styles.group} aria-labelledby="admin-group-server">
          <h2 id="admin-group-server" className={styles.groupTitle}>
            {t("admin.group.server")}
          </h2>
          <div className={styles.grid}>
            <GeneralSection toggles={toggles} isAdmin={isAdmin} />
            <MatchSection confirm={ask} serverName={serverName} />
            <MapSection confirm={ask} serverName={serverName} />
          </div>
        </section>
        {isAdmin ? (
          <AdminOnlySections tools={tools} feeds={feeds} confirm={ask} serverName={serverName} />
        ) : null}
        {isAdmin ? (
          <section className={styles.group} aria-labelledby="admin-group-health">
            <h2 id="admin-group-health" className={styles.groupTitle}>
              {t("admin.group.health")}
            </h2>
            <HealthSection serverId={serverId} />
          </section>
        ) : null}
        {dialog}
      </div>
    </ServerActionScope.Provider>
  );
}

function AdminOnlySections({
  serverName = "",
  tools,
  feeds,
  confirm,
}: Omit<AdminTabProps, "isAdmin" | "serverId"> & { confirm: Confirm }) {
  return (
    <section className={styles.group} aria-labelledby="admin-group-admin">
      <h2 id="admin-group-admin" className={styles.groupTitle}>
        {t("admin.group.admin")}
      </h2>
      <div className={styles.grid}>
        <CommandSection confirm={confirm} serverName={serverName} />
        <ChatSection />
        <AccessSection tools={tools} />
        <PasswordSection />
        <ConfigSection />
        <MaintenanceSection confirm={confirm} serverName={serverName} />
        <BackupsSection confirm={confirm} serverName={serverName} />
        {feeds}
      </div>
    </section>
  );
}
