import { useState } from "react";
import { Button } from "@/components/ui/button";
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

/** A button that opens the server's ban list (placed in the admin tab by the app). */
export function BanListButton({ serverId }: { serverId: Id<"servers"> | undefined }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t("bans.open")}</Button>
      {open ? <BanListModal serverId={serverId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
