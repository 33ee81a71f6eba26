import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { t } from "@/i18n";
import "@/i18n/load/admin";
import styles from "@/styles/admin.module.css";

export type FeedState = "flowing" | "waiting" | "off";

const TONE: Record<FeedState, BadgeTone> = {
  flowing: "success",
  waiting: "warning",
  off: "neutral",
};

/**
 * Something a game server sends the panel by itself (MatchZy's events, CS2's log): a switch, its
 * state (arriving, waiting, off), when the last delivery came and what was refused.
 */
export function FeedSwitchCard({
  title,
  label,
  hint,
  enabled,
  pending,
  state,
  stateLabel,
  last,
  refused,
  onChange,
}: {
  title: string;
  label: string;
  hint: string;
  /** Undefined while loading. */
  enabled: boolean | undefined;
  pending: boolean;
  state: FeedState | undefined;
  stateLabel: string;
  last: string | undefined;
  /** The refusals line (count and the last one), when anything was refused. */
  refused: { count: string; text: string } | undefined;
  onChange: (enabled: boolean) => void;
}) {
  return (
    <Card title={title}>
      <div className={styles.cardBody}>
        <div className={styles.form}>
          <Switch
            label={label}
            checked={enabled ?? false}
            disabled={enabled === undefined || pending}
            onChange={onChange}
          />
          {state ? (
            <p className={styles.muted}>
              {t("admin.push.state")} <Badge tone={TONE[state]}>{stateLabel}</Badge>
            </p>
          ) : null}
          {last !== undefined ? <p className={styles.muted}>{last}</p> : null}
          {refused ? (
            <p className={styles.muted} role="status">
              <Badge tone="danger">{t("admin.push.refused", { count: refused.count })}</Badge>{" "}
              {refused.text}
            </p>
          ) : null}
          <p className={styles.muted}>{hint}</p>
        </div>
      </div>
    </Card>
  );
}
