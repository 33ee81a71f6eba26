import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";
import { matchPath } from "@/config/paths";
import { useCurrentUser } from "@/hooks/use-current-user";
import { formatDateTime, formatInteger } from "@/i18n/format";
import { t } from "@/i18n";
import "@/i18n/load/common";
import "@/i18n/load/history";
import type { DemoAdminItem, DemoRetention } from "@/lib/backend-history";
import { useDemoActions, useDemoList } from "../hooks/use-demos";
import { formatSize } from "../utils/format";
import { DemoRow } from "./demo-row";
import { HistoryLayout } from "./history-layout";
import styles from "./history.module.css";

/** /demos (admins): demos needing them (under way, failed, without a map), the stored ones, retention. */
export function DemosPage() {
  const { isAdmin } = useCurrentUser();
  return (
    <HistoryLayout>
      {isAdmin ? <DemosView /> : <EmptyState title={t("errors.accessDenied")} />}
    </HistoryLayout>
  );
}

function DemosView() {
  const list = useDemoList();
  if (list === undefined) return <Spinner />;
  const { totals } = list;
  return (
    <>
      <header className={styles.section}>
        <h1 className={styles.title}>{t("history.demos.page.title")}</h1>
        <p className={styles.lead}>{t("history.demos.page.lead")}</p>
        <p className={styles.muted} data-testid="demo-totals">
          {t("history.demos.page.totals", {
            count: formatInteger(totals.count),
            size: formatSize(totals.totalBytes),
            cap: totals.capBytes > 0 ? formatSize(totals.capBytes) : t("history.demos.page.noCap"),
          })}
        </p>
      </header>
      <Card title={t("history.demos.page.attention")}>
        {list.attention.length === 0 ? (
          <p className={styles.muted}>{t("history.demos.page.attentionEmpty")}</p>
        ) : (
          <ul className={styles.demos}>
            {list.attention.map((demo) => (
              <AdminDemo key={demo.id} demo={demo} />
            ))}
          </ul>
        )}
      </Card>
      <Card title={t("history.demos.page.stored")}>
        {list.stored.length === 0 ? (
          <p className={styles.muted}>{t("history.demos.page.storedEmpty")}</p>
        ) : (
          <ul className={styles.demos}>
            {list.stored.map((demo) => (
              <AdminDemo key={demo.id} demo={demo} />
            ))}
          </ul>
        )}
      </Card>
      <RetentionForm retention={{ days: totals.days, capBytes: totals.capBytes }} />
    </>
  );
}

/** A demo with where it came from, its map (or the form to attach one) and the admin's controls. */
function AdminDemo({ demo }: { demo: DemoAdminItem }) {
  const stored = demo.state === "ready" || demo.state === "partial";
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>
        {t("history.demos.page.server", { server: demo.serverKey })} ·{" "}
        {formatDateTime(demo.startedAt)}
        {demo.matchzyMatchId !== null
          ? ` · ${t("history.demos.page.matchzyRef", {
              match: demo.matchzyMatchId,
              map: (demo.mapNumber ?? 0) + 1,
            })}`
          : ""}
        {demo.matchId ? (
          <>
            {" · "}
            <Link to={matchPath(demo.matchId)}>{t("history.demos.page.openMatch")}</Link>
          </>
        ) : stored ? (
          ` · ${t("history.demos.page.unmatched")}`
        ) : null}
      </p>
      <ul className={styles.demos}>
        <DemoRow demo={demo} isAdmin />
      </ul>
      {stored && !demo.matchId ? <AttachForm demoId={demo.id} /> : null}
    </div>
  );
}

/** Takes a match page's link or a match id. */
function matchIdOf(text: string): string {
  const trimmed = text.trim();
  const fromLink = /\/matches\/([^/?#\s]+)/.exec(trimmed);
  return decodeURIComponent(fromLink ? fromLink[1]! : trimmed);
}

function AttachForm({ demoId }: { demoId: string }) {
  const { attach } = useDemoActions();
  const [text, setText] = useState("");
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await attach.run({ demoId, matchId: matchIdOf(text) });
    if (done !== undefined) toast.success(t("history.demos.attachDone"));
  };
  return (
    <form className={styles.filters} onSubmit={(e) => void onSubmit(e)}>
      <TextField
        label={t("history.demos.attachLabel")}
        value={text}
        maxLength={300}
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="submit" loading={attach.pending} disabled={text.trim() === ""}>
        {t("history.demos.attach")}
      </Button>
    </form>
  );
}

const GB = 1024 ** 3;

function RetentionForm({ retention }: { retention: DemoRetention }) {
  const { setRetention } = useDemoActions();
  const [days, setDays] = useState(String(retention.days));
  const [capGb, setCapGb] = useState(String(Math.round((retention.capBytes / GB) * 10) / 10));
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await setRetention.run({
      days: Number(days),
      capBytes: Math.round(Number(capGb.replace(",", ".")) * GB),
    });
    if (done !== undefined) toast.success(t("history.demos.retention.saved"));
  };
  return (
    <Card title={t("history.demos.retention.title")}>
      <form className={styles.stack} onSubmit={(e) => void onSubmit(e)}>
        <p className={styles.muted}>{t("history.demos.retention.hint")}</p>
        <div className={styles.filters}>
          <TextField
            label={t("history.demos.retention.days")}
            inputMode="numeric"
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
          <TextField
            label={t("history.demos.retention.capGb")}
            inputMode="decimal"
            value={capGb}
            onChange={(e) => setCapGb(e.target.value)}
          />
        </div>
        <div>
          <Button type="submit" variant="primary" loading={setRetention.pending}>
            {t("history.demos.retention.save")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
