import type { ReactNode } from "react";
import { Notice } from "@/components/ui/notice";
import { t } from "@/i18n/uk";
import type { Id } from "@/lib/backend";
import { useAdminCommands } from "../hooks/use-admin-commands";
import { useServerControl } from "../hooks/use-server-control";
import { AccessSection } from "./access-section";
import { ChatSection, CommandSection } from "./command-section";
import { GeneralSection } from "./general-section";
import { MaintenanceSection } from "./maintenance-section";
import { MapSection } from "./map-section";
import { MatchSection } from "./match-section";
import { ConfigSection, PasswordSection } from "./server-config-sections";
import styles from "./admin.module.css";

export interface AdminTabProps {
  serverId: Id<"servers"> | undefined;
  /** Admins get every section; guest admins only general, match and map (spec §6). */
  isAdmin: boolean;
  /** Extra admin tools composed by the app (e.g. the audit log button). */
  tools?: ReactNode;
}

/** Server control: general, match and map for guest admins too, the rest for admins only. */
export function AdminTab({ serverId, isAdmin, tools }: AdminTabProps) {
  const control = useServerControl(serverId);
  return (
    <div className={styles.tab}>
      {!isAdmin ? <Notice role="note">{t("admin.guestNotice")}</Notice> : null}
      <section className={styles.group} aria-labelledby="admin-group-server">
        <h2 id="admin-group-server" className={styles.groupTitle}>
          {t("admin.group.server")}
        </h2>
        <div className={styles.grid}>
          <GeneralSection
            toggles={control.toggles}
            setToggle={control.setToggle}
            setCheats={control.setCheats}
            isAdmin={isAdmin}
          />
          <MatchSection
            restartGame={control.restartGame}
            skipWarmup={control.skipWarmup}
            setGameMode={control.setGameMode}
          />
          <MapSection changeMap={control.changeMap} workshopMap={control.workshopMap} />
        </div>
      </section>
      {isAdmin ? <AdminOnlySections serverId={serverId} tools={tools} /> : null}
    </div>
  );
}

function AdminOnlySections({ serverId, tools }: Omit<AdminTabProps, "isAdmin">) {
  const commands = useAdminCommands(serverId);
  return (
    <section className={styles.group} aria-labelledby="admin-group-admin">
      <h2 id="admin-group-admin" className={styles.groupTitle}>
        {t("admin.group.admin")}
      </h2>
      <div className={styles.grid}>
        <CommandSection runCommand={commands.runCommand} />
        <ChatSection say={commands.say} />
        <AccessSection serverId={serverId} tools={tools} />
        <PasswordSection
          setPassword={commands.setPassword}
          removePassword={commands.removePassword}
        />
        <ConfigSection execConfig={commands.execConfig} setCvar={commands.setCvar} />
        <MaintenanceSection
          resetStats={commands.resetStats}
          restartServices={commands.restartServices}
          serverUpdate={commands.serverUpdate}
        />
      </div>
    </section>
  );
}
