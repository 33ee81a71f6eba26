import { Dialog } from "@/components/ui/dialog";
import { t } from "@/i18n";
import "@/i18n/load/bans";
import type { Id } from "@/lib/backend";
import { BanListPanel } from "./ban-list-panel";

/** The server's ban list in a dialog (the admin tab's «Список банів»). */
export function BanListModal({
  serverId,
  onClose,
}: {
  serverId: Id<"servers"> | undefined;
  onClose: () => void;
}) {
  return (
    <Dialog open onClose={onClose} size="lg" title={t("bans.title")}>
      <BanListPanel serverId={serverId} role="admin" />
    </Dialog>
  );
}
