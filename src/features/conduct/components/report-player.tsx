import { useState } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextArea } from "@/components/ui/text-area";
import { t } from "@/i18n";
import "@/i18n/load/conduct";
import { throwRefusal, toastError } from "@/lib/errors";
import { useReportPlayer } from "../hooks/use-conduct";

/** «Поскаржитися» on a player's or match page (a Steam-linked user; the backend decides). */
export function ReportPlayerButton({
  steamId,
  name,
  matchId,
}: {
  steamId: string;
  name: string;
  matchId?: string;
}) {
  const report = useReportPlayer();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [pending, setPending] = useState(false);
  const send = async () => {
    setPending(true);
    try {
      const answer = throwRefusal(
        await report({ steamId, reason, ...(matchId ? { matchId } : {}) }),
      );
      toast.success(t(answer.folded ? "conduct.report.folded" : "conduct.report.filed"));
      setOpen(false);
      setReason("");
    } catch (error) {
      toastError(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        {t("conduct.report.button")}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t("conduct.report.title", { name })}
        footer={
          <Button variant="primary" loading={pending} onClick={() => void send()}>
            {t("conduct.report.send")}
          </Button>
        }
      >
        <TextArea
          label={t("conduct.report.reason")}
          value={reason}
          maxLength={200}
          rows={3}
          onChange={(e) => setReason(e.target.value)}
        />
      </Dialog>
    </>
  );
}
