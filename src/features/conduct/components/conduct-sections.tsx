import { Card } from "@/components/ui/card";
import { t } from "@/i18n";
import "@/i18n/load/conduct";
import type { Id } from "@/lib/backend";
import { AppealQueue } from "./appeal-queue";
import { ChatLog } from "./chat-log";
import { ReportQueue } from "./report-queue";
import { WarningsPanel } from "./warnings-panel";
import styles from "./conduct.module.css";

/** What players did and what they ask: reports, appeals, warnings and the server's chat (staff). */
export function ConductSections({ serverId }: { serverId: Id<"servers"> | undefined }) {
  return (
    <div className={styles.stack}>
      <Card title={t("conduct.reports.title")}>
        <ReportQueue />
      </Card>
      <Card title={t("conduct.appeals.title")}>
        <AppealQueue />
      </Card>
      <Card title={t("conduct.warn.title")}>
        <WarningsPanel serverId={serverId} />
      </Card>
      <Card title={t("conduct.chat.title")}>
        <ChatLog key={serverId ?? ""} serverId={serverId} />
      </Card>
    </div>
  );
}
