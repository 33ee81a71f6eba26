import { Link } from "react-router-dom";
import { Card } from "@/components/ui/card";
import { PageShell } from "@/components/ui/page-shell";
import { env } from "@/config/env";
import { paths } from "@/config/paths";
import { t } from "@/i18n";
import "@/i18n/load/common";
import "@/i18n/load/docs";
import { TOP_CRITERIA } from "@/lib/backend";
import { ENDPOINTS, ERROR_EXAMPLE } from "../utils/endpoints";
import styles from "./docs.module.css";

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** /docs: the public read API served by the backend's HTTP actions, and what admins can do. */
export function DocsPage() {
  return (
    <PageShell className={styles.page} nav={<Link to={paths.home}>{t("common.backToPanel")}</Link>}>
      <header className={styles.section}>
        <h1 className={styles.title}>{t("docs.title")}</h1>
        <p className={styles.lead}>{t("docs.intro")}</p>
      </header>

      <section className={styles.section} aria-labelledby="docs-base">
        <h2 id="docs-base" className={styles.sectionTitle}>
          {t("docs.baseUrl")}
        </h2>
        <code className={styles.baseUrl}>{env.convexSiteUrl}</code>
        <p className={styles.muted}>{t("docs.format")}</p>
        <p className={styles.muted}>{t("docs.serverKey")}</p>
      </section>

      <section className={styles.section} aria-labelledby="docs-endpoints">
        <h2 id="docs-endpoints" className={styles.sectionTitle}>
          {t("docs.endpointsTitle")}
        </h2>
        {ENDPOINTS.map((ep) => (
          <Card key={ep.path}>
            <div className={styles.endpoint}>
              <div className={styles.endpointHead}>
                <span className={styles.method}>GET</span>
                <code className={styles.path}>{ep.path}</code>
              </div>
              <p>{t(ep.description)}</p>
              {ep.params ? (
                <>
                  <p className={styles.muted}>{t("docs.params")}:</p>
                  <ul className={styles.params}>
                    {ep.params.map((p) => (
                      <li key={p}>{t(p, { list: TOP_CRITERIA.join(", ") })}</li>
                    ))}
                  </ul>
                </>
              ) : null}
              <details className={styles.example}>
                <summary>{t("docs.exampleResponse")}</summary>
                <pre className={styles.code}>{json(ep.example)}</pre>
              </details>
            </div>
          </Card>
        ))}
      </section>

      <section className={styles.section} aria-labelledby="docs-errors">
        <h2 id="docs-errors" className={styles.sectionTitle}>
          {t("docs.errorsTitle")}
        </h2>
        <p className={styles.muted}>{t("docs.errorsIntro")}</p>
        <dl className={styles.errors}>
          <dt>400</dt>
          <dd>{t("docs.err.400")}</dd>
          <dt>404</dt>
          <dd>{t("docs.err.404")}</dd>
          <dt>500</dt>
          <dd>{t("docs.err.500")}</dd>
        </dl>
        <pre className={styles.code}>{json(ERROR_EXAMPLE)}</pre>
      </section>

      <section className={styles.section} aria-labelledby="docs-badge">
        <h2 id="docs-badge" className={styles.sectionTitle}>
          {t("docs.badgeTitle")}
        </h2>
        <p className={styles.muted}>{t("docs.badgeIntro")}</p>
        <pre className={styles.code}>
          {`![CS2](${env.convexSiteUrl}/api/servers/server1/badge.svg)\n` +
            `<img src="${env.convexSiteUrl}/api/servers/server1/badge.svg" alt="CS2">`}
        </pre>
        <p className={styles.muted}>{t("docs.badgeCache")}</p>
        <p className={styles.muted}>{t("docs.badgeLang")}</p>
      </section>

      <section className={styles.section} aria-labelledby="docs-overlay">
        <h2 id="docs-overlay" className={styles.sectionTitle}>
          {t("docs.overlayTitle")}
        </h2>
        <p className={styles.muted}>{t("docs.overlayIntro")}</p>
        <code className={styles.baseUrl}>{`${window.location.origin}/overlay/server1`}</code>
        <ul className={styles.list}>
          <li>{t("docs.overlay.obs")}</li>
          <li>{t("docs.overlay.rounds")}</li>
          <li>{t("docs.overlay.killfeed")}</li>
          <li>{t("docs.overlay.lang")}</li>
          <li>{t("docs.overlay.cost")}</li>
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="docs-admin">
        <h2 id="docs-admin" className={styles.sectionTitle}>
          {t("docs.adminTitle")}
        </h2>
        <p className={styles.muted}>{t("docs.adminIntro")}</p>
        <ul className={styles.list}>
          <li>{t("docs.admin.general")}</li>
          <li>{t("docs.admin.maps")}</li>
          <li>{t("docs.admin.commands")}</li>
          <li>{t("docs.admin.players")}</li>
          <li>{t("docs.admin.random")}</li>
          <li>{t("docs.admin.audit")}</li>
          <li>{t("docs.admin.guest")}</li>
          <li>{t("docs.admin.tournament")}</li>
        </ul>
      </section>
    </PageShell>
  );
}

export default DocsPage;
