import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { useNow } from "@/hooks/use-now";
import { t } from "@/i18n/uk";
import type { Id } from "@/lib/backend";
import { pushState, usePushEvents, type PushState } from "../hooks/use-push-events";
import styles from "./admin.module.css";

const TONE: Record<PushState, BadgeTone> = {
  flowing: "success",
  waiting: "warning",
  off: "neutral",
};

const timeFormat = new Intl.DateTimeFormat("uk-UA", { dateStyle: "short", timeStyle: "medium" });

/**
 * MatchZy's events for the selected server: the switch sends (or clears) the three remote-log
 * commands with a fresh secret; the state says whether events arrive (last one under a minute ago).
 */
export function PushSection({ serverId }: { serverId: Id<"servers"> | undefined }) {
  const { status, enable, disable } = usePushEvents(serverId);
  const now = useNow(5_000);
  const pending = enable.pending || disable.pending;
  const state = status ? pushState(status, now) : undefined;
  return (
    <Card title={t("admin.push.title")}>
      <div className={styles.cardBody}>
        <div className={styles.form}>
          <Switch
            label={t("admin.push.label")}
            checked={status?.enabled ?? false}
            disabled={!status || pending}
            onChange={(enabled) => void (enabled ? enable : disable).run({})}
          />
          {state ? (
            <p className={styles.muted}>
              {t("admin.push.state")}{" "}
              <Badge tone={TONE[state]}>{t(`admin.push.state.${state}`)}</Badge>
            </p>
          ) : null}
          {status ? (
            <p className={styles.muted}>
              {status.lastEventAt !== null
                ? t("admin.push.lastEvent", {
                    time: timeFormat.format(new Date(status.lastEventAt)),
                  })
                : t("admin.push.noEvents")}
            </p>
          ) : null}
          {status && status.lastRefusedAt !== null ? (
            <p className={styles.muted} role="status">
              <Badge tone="danger">
                {t("admin.push.refused", { count: String(status.refusedCount) })}
              </Badge>{" "}
              {t("admin.push.lastRefused", {
                event: status.lastRefusal || t("admin.push.noEventName"),
                time: timeFormat.format(new Date(status.lastRefusedAt)),
              })}
            </p>
          ) : null}
          <p className={styles.muted}>{t("admin.push.hint")}</p>
        </div>
      </div>
    </Card>
  );
}
