import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { Icon } from "@/components/ui/icon";
import { t } from "@/i18n";
import "@/i18n/load/audit";
import { AuditLog } from "./audit-log";

export function AuditLogModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} size="lg" title={t("audit.title")}>
      <AuditLog />
    </Dialog>
  );
}

/** A button that opens the audit log modal (placed in the admin tab by the app). */
export function AuditLogButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Icon name="list" size={16} />
        {t("audit.open")}
      </Button>
      <AuditLogModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** The audit tab: the same log, hosted in the page. */
export function AuditTab() {
  return (
    <Card title={t("audit.title")}>
      <AuditLog />
    </Card>
  );
}
