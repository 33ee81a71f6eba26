import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icon";
import { QueryBoundary } from "@/components/ui/query-boundary";
import { t } from "@/i18n/uk";
import { ServersSettings } from "./servers-settings";
import { ModerationSettingsSection } from "./moderation-settings";
import { UsersSettings } from "./users-settings";

/** Panel settings (admin only): game servers and who is an admin. Reachable without a server. */
export function SettingsModal({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} size="lg" title={t("admin.settings.title")}>
      <QueryBoundary
        fallback={
          <EmptyState icon={<Icon name="alert" />} role="alert">
            {t("errors.accessDenied")}
          </EmptyState>
        }
      >
        <ServersSettings />
        <UsersSettings />
        <ModerationSettingsSection />
      </QueryBoundary>
    </Dialog>
  );
}
