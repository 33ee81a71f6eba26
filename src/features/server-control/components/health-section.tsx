import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { useNow } from "@/hooks/use-now";
import { t } from "@/i18n";
import { formatInteger, formatTime } from "@/i18n/format";
import "@/i18n/load/admin";
import type { Id } from "@/lib/backend";
import { useServerHealth, type ServerHealth } from "../hooks/use-server-health";
import { HealthChart } from "./health-chart";
import adminStyles from "@/styles/admin.module.css";
import styles from "./health.module.css";

/** A MatchZy feed that is on but silent this long while players are on is a state. */
const FEED_SILENT_MS = 2 * 60_000;

function duration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const h = Math.floor(minutes / 60);
  return h > 0
    ? t("admin.health.hoursMinutes", { h, m: minutes % 60 })
    : t("admin.health.minutes", { m: minutes });
}

function ago(at: number | null, now: number): string {
  if (at === null) return t("admin.health.never");
  const s = Math.max(0, Math.round((now - at) / 1000));
  return s < 120
    ? t("admin.health.secondsAgo", { s })
    : t("admin.health.ago", { d: duration(now - at) });
}

/**
 * How the server itself is doing, for admins: latency, version and whether it is current,
 * uptime, frame rate, when its log and MatchZy last spoke, an hour's chart, each player's ping,
 * and after an update which of the panel's reads work again.
 */
export function HealthSection({ serverId }: { serverId: Id<"servers"> | undefined }) {
  const health = useServerHealth(serverId);
  const now = useNow(5_000);
  if (!health) return null;
  return (
    <Card
      title={t("admin.health.title")}
      aside={
        <Badge tone={health.online ? "success" : "danger"}>
          {health.online ? t("admin.health.online") : t("admin.health.offline")}
        </Badge>
      }
      className={adminStyles.wide}
    >
      <div className={adminStyles.cardBody}>
        {health.update ? <UpdateTable update={health.update} /> : null}
        <FeedWarnings health={health} now={now} />
        <dl className={styles.facts}>
          <Fact label={t("admin.health.rtt")}>
            {health.rttMs !== undefined
              ? t("admin.health.ms", { ms: formatInteger(health.rttMs) })
              : "—"}
          </Fact>
          <Fact label={t("admin.health.version")}>
            <span className={styles.mono}>
              {health.version ?? (health.build !== undefined ? String(health.build) : "—")}
            </span>{" "}
            <LatestBadge health={health} />
          </Fact>
          <Fact label={t("admin.health.uptime")}>
            {health.bootedAt !== undefined && health.online ? duration(now - health.bootedAt) : "—"}
          </Fact>
          <Fact label={t("admin.health.fps")}>
            {health.fps !== undefined
              ? t("admin.health.fpsValue", {
                  fps: Math.round(health.fps),
                  frame: health.frameMs !== undefined ? health.frameMs.toFixed(2) : "—",
                })
              : t("admin.health.notReported")}
          </Fact>
          <Fact label={t("admin.health.log")}>
            {health.log ? ago(health.log.lastAt, now) : t("admin.health.feedOff")}
          </Fact>
          <Fact label={t("admin.health.push")}>
            {health.push ? ago(health.push.lastAt, now) : t("admin.health.feedOff")}
          </Fact>
        </dl>
        <div className={styles.charts}>
          <HealthChart
            samples={health.samples}
            pick={(s) => s.rttMs}
            label={t("admin.health.rtt")}
            unit={t("admin.health.msUnit")}
            now={now}
          />
          <HealthChart
            samples={health.samples}
            pick={(s) => s.fps}
            label={t("admin.health.fpsShort")}
            unit=""
            now={now}
          />
          <HealthChart
            samples={health.samples}
            pick={(s) => s.players}
            label={t("admin.health.players")}
            unit=""
            now={now}
          />
        </div>
        <Links links={health.links} online={health.online} />
      </div>
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function LatestBadge({ health }: { health: ServerHealth }) {
  const latest = health.latest;
  if (!latest) return <Badge>{t("admin.health.latestUnknown")}</Badge>;
  if (latest.upToDate) return <Badge tone="success">{t("admin.health.upToDate")}</Badge>;
  return (
    <Badge tone="warning">
      {t("admin.health.outdated", { build: latest.requiredBuild ?? "?" })}
    </Badge>
  );
}

function FeedWarnings({ health, now }: { health: ServerHealth; now: number }) {
  if (!health.online || health.players === 0) return null;
  const silent = (feed: ServerHealth["push"]) =>
    feed !== null && (feed.lastAt === null || now - feed.lastAt > FEED_SILENT_MS);
  const lines = [
    // The backend decides the log's silence (the same state the Discord alert follows).
    health.log?.silentSince !== undefined
      ? t("admin.health.logSilent", { ago: ago(health.log.lastAt, now) })
      : null,
    silent(health.push)
      ? t("admin.health.pushSilent", { ago: ago(health.push?.lastAt ?? null, now) })
      : null,
  ].filter((x) => x !== null);
  if (lines.length === 0) return null;
  return (
    <div role="status" className={styles.warning}>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

function UpdateTable({ update }: { update: NonNullable<ServerHealth["update"]> }) {
  return (
    <section className={styles.update} aria-labelledby="health-update-title">
      <h3 id="health-update-title" className={styles.subTitle}>
        {t("admin.health.updateTitle")}
      </h3>
      <p className={styles.muted}>
        {t("admin.health.updateIntro", {
          from: update.from,
          to: update.to,
          time: formatTime(update.at),
        })}
      </p>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t("admin.health.updatePart")}</th>
            <th scope="col">{t("admin.health.updateState")}</th>
          </tr>
        </thead>
        <tbody>
          {update.rows.map((row) => (
            <tr key={row.part}>
              <th scope="row">{t(`admin.health.part.${row.part}`)}</th>
              <td>
                <Badge
                  tone={
                    row.state === "ok" ? "success" : row.state === "failed" ? "danger" : "warning"
                  }
                >
                  {row.state === "ok"
                    ? t("admin.health.partOk", { time: formatTime(row.at ?? update.at) })
                    : row.state === "failed"
                      ? t("admin.health.partFailed")
                      : t("admin.health.partWaiting")}
                </Badge>
                {row.detail ? <span className={styles.detail}>{row.detail}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Links({ links, online }: { links: ServerHealth["links"]; online: boolean }) {
  if (!online || links.length === 0) return null;
  return (
    <details className={styles.links}>
      <summary>{t("admin.health.linksTitle", { count: links.length })}</summary>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t("admin.health.player")}</th>
            <th scope="col" data-numeric>
              {t("admin.health.ping")}
            </th>
            <th scope="col" data-numeric>
              {t("admin.health.loss")}
            </th>
          </tr>
        </thead>
        <tbody>
          {links.map((l, i) => (
            <tr key={`${l.name}-${i}`}>
              <td className={styles.name}>{l.name}</td>
              <td data-numeric>{l.ping}</td>
              <td data-numeric>{l.loss} %</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
