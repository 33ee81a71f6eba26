import { Link, isRouteErrorResponse, useRouteError } from "react-router-dom";
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

/** Router error element: unknown paths and render errors. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
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
