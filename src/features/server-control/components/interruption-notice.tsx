import { Notice } from "@/components/ui/notice";
import { t } from "@/i18n";
import { formatTime } from "@/i18n/format";
import "@/i18n/load/admin";
import type { Id } from "@/lib/backend";
import { useInterruption } from "../hooks/use-interruption";

/**
 * «Матч перервано на раунді 14 (7:6)»: a live map that ended without a result, with what happened
 * and when; then, for half an hour, whether it came back or was kept as abandoned.
 */
export function InterruptionNotice({ serverId }: { serverId: Id<"servers"> | undefined }) {
  const cut = useInterruption(serverId);
  if (!cut) return null;
  const where = t("admin.interrupted.title", {
    round: cut.round,
    scoreCT: cut.scoreCT,
    scoreT: cut.scoreT,
  });
  const what = t(`admin.interrupted.reason.${cut.reason}`, {
    map: cut.map,
    time: formatTime(cut.at),
  });
  const outcome =
    cut.state === "open"
      ? t("admin.interrupted.open")
      : cut.state === "recovered"
        ? t("admin.interrupted.recovered", { time: formatTime(cut.resolvedAt ?? cut.at) })
        : t("admin.interrupted.abandoned");
  return (
    <Notice role={cut.state === "open" ? "status" : "note"}>
      <strong>{where}</strong> {what} {outcome}
    </Notice>
  );
}
