import { useNow } from "@/hooks/use-now";
import { t } from "@/i18n";
import "@/i18n/load/admin";
import { LOG_ACTIVE_MS, type Id } from "@/lib/backend";
import { useServerLog } from "../hooks/use-server-log";
import { feedState } from "../utils/feed-state";
import { formatDateTime } from "@/i18n/format";
import { FeedSwitchCard } from "./feed-switch-card";

/**
 * CS2's HTTP log for the selected server, which feeds the kill feed: the switch sends `log on` and
 * `logaddress_add_http` with a fresh secret (or removes the server's HTTP log listeners).
 */
export function LogSection({ serverId }: { serverId: Id<"servers"> | undefined }) {
  const { status, enable, disable } = useServerLog(serverId);
  const now = useNow(5_000);
  const state = status ? feedState(status, status.lastBatchAt, LOG_ACTIVE_MS, now) : undefined;
  return (
    <FeedSwitchCard
      title={t("admin.log.title")}
      label={t("admin.log.label")}
      hint={t("admin.log.hint")}
      enabled={status?.enabled}
      pending={enable.pending || disable.pending}
      state={state}
      stateLabel={state ? t(`admin.log.state.${state}`) : ""}
      last={
        status
          ? status.lastBatchAt !== null
            ? t("admin.log.lastBatch", {
                time: formatDateTime(status.lastBatchAt, { seconds: true }),
              })
            : t("admin.log.noBatches")
          : undefined
      }
      refused={
        status && status.lastRefusedAt !== null
          ? {
              count: String(status.refusedCount),
              text: t("admin.log.lastRefused", {
                time: formatDateTime(status.lastRefusedAt, { seconds: true }),
              }),
            }
          : undefined
      }
      onChange={(enabled) => void (enabled ? enable : disable).run({})}
    />
  );
}
