import { useNow } from "@/hooks/use-now";
import { t } from "@/i18n";
import "@/i18n/load/admin";
import { PUSH_ACTIVE_MS, type Id } from "@/lib/backend";
import { usePushEvents } from "../hooks/use-push-events";
import { feedState } from "../utils/feed-state";
import { formatDateTime } from "@/i18n/format";
import { FeedSwitchCard } from "./feed-switch-card";

/**
 * MatchZy's events for the selected server: the switch sends (or clears) the three remote-log
 * commands with a fresh secret; the state says whether events arrive (last one under a minute ago).
 */
export function PushSection({ serverId }: { serverId: Id<"servers"> | undefined }) {
  const { status, enable, disable } = usePushEvents(serverId);
  const now = useNow(5_000);
  const state = status ? feedState(status, status.lastEventAt, PUSH_ACTIVE_MS, now) : undefined;
  return (
    <FeedSwitchCard
      title={t("admin.push.title")}
      label={t("admin.push.label")}
      hint={t("admin.push.hint")}
      enabled={status?.enabled}
      pending={enable.pending || disable.pending}
      state={state}
      stateLabel={state ? t(`admin.push.state.${state}`) : ""}
      last={
        status
          ? status.lastEventAt !== null
            ? t("admin.push.lastEvent", {
                time: formatDateTime(status.lastEventAt, { seconds: true }),
              })
            : t("admin.push.noEvents")
          : undefined
      }
      refused={
        status && status.lastRefusedAt !== null
          ? {
              count: String(status.refusedCount),
              text: t("admin.push.lastRefused", {
                event: status.lastRefusal || t("admin.push.noEventName"),
                time: formatDateTime(status.lastRefusedAt, { seconds: true }),
              }),
            }
          : undefined
      }
      onChange={(enabled) => void (enabled ? enable : disable).run({})}
    />
  );
}
