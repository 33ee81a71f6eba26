import { Component, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icon";
import { paths } from "@/config/paths";
import { t } from "@/i18n";
import "@/i18n/load/common";
import styles from "./app.module.css";

export function NotFoundPage() {
  return (
    <main id="main" className={styles.error}>
      <EmptyState
        icon={<Icon name="help" />}
        title={t("notFound.title")}
        role="alert"
        action={<Link to={paths.home}>{t("common.backToPanel")}</Link>}
      >
        {t("notFound.text")}
      </EmptyState>
    </main>
  );
}

/** A screen that failed to load or threw while rendering. */
export function PageError() {
  return (
    <main id="main" className={styles.error}>
      <EmptyState
        icon={<Icon name="alert" />}
        title={t("common.pageError")}
        role="alert"
        action={<Button onClick={() => window.location.reload()}>{t("common.reload")}</Button>}
      />
    </main>
  );
}

/** Catches a route's render or chunk-load error; keyed by path, so another page starts afresh. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <PageError /> : this.props.children;
  }
}
