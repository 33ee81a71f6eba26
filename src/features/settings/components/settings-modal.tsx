import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/spinner";
import { Icon } from "@/components/ui/icon";
import { QueryBoundary } from "@/components/ui/query-boundary";
import { t } from "@/i18n";
import "@/i18n/load/admin";
import "@/i18n/load/common";
import { ServersSettings } from "./servers-settings";
import { ModerationSettingsSection } from "./moderation-settings";
import { UsersSettings } from "./users-settings";

// Rarely opened: loaded with its first view, not with the panel.
const DiscordSettings = lazy(() => import("./discord-settings"));
const DeploymentStatusSection = lazy(() => import("./deployment-status"));

/** Panel settings (admin only): game servers and who is an admin. Reachable without a server. */
export function SettingsModal({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} size="xl" title={t("admin.settings.title")}>
      <QueryBoundary
        fallback={
          <EmptyState icon={<Icon name="alert" />} role="alert">
            {t("errors.accessDenied")}
          </EmptyState>
        }
      >
        <ServersSettings />
        <UsersSettings />
        <Suspense fallback={<Skeleton height="10rem" />}>
          <DiscordSettings />
        </Suspense>
        <ModerationSettingsSection />
        <Suspense fallback={<Skeleton height="4rem" />}>
          <DeploymentStatusSection />
        </Suspense>
      </QueryBoundary>
    </Dialog>
  );
}

/** A button that opens the panel settings (placed in the admin tab by the app). */
export function SettingsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t("panel.settings")}</Button>
      {open ? <SettingsModal onClose={() => setOpen(false)} /> : null}
    </>
  );
}
