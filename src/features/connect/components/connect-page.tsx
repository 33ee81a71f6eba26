import { useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { GotvLink } from "@/components/match/gotv-link";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { t } from "@/i18n";
import "@/i18n/load/common";
import "@/i18n/load/connect";
import { steamConnectUrl } from "@/lib/steam-connect";
import { useConnectTargets } from "../hooks/use-connect-targets";
import {
  decideConnect,
  isPhoneLike,
  REDIRECT_DELAY_MS,
  type ConnectDecision,
  type ConnectMode,
} from "../utils/decide-connect";
import styles from "./connect.module.css";

function openUrl(url: string) {
  window.location.href = url;
}

/** /connect1, /connect2, /connect/:key and /connect: launch the game with `steam://connect/<address>`. */
export function ConnectPage({
  mode,
  navigate = openUrl,
}: {
  mode: ConnectMode;
  navigate?: (url: string) => void;
}) {
  const targets = useConnectTargets();
  const [phoneLike] = useState(() => isPhoneLike(navigator.userAgent, window.innerWidth));
  const decision = decideConnect(targets, mode, phoneLike);
  const redirected = useRef(false);
  // Set once the automatic launch was tried. Browsers may refuse it without a user gesture
  // (Chrome does on the second connect page opened in a tab), so a click must be the next step.
  const [attempted, setAttempted] = useState(false);
  const redirectUrl = decision.kind === "redirect" ? decision.url : undefined;

  useEffect(() => {
    if (!redirectUrl || redirected.current) return;
    const id = window.setTimeout(() => {
      redirected.current = true;
      navigate(redirectUrl);
      setAttempted(true);
    }, REDIRECT_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [redirectUrl, navigate]);

  return (
    <main id="main" className={styles.page}>
      <div className={styles.card}>
        <img className={styles.logo} src="/favicon.svg" alt="" />
        <h1 className={styles.title}>{t("connect.title")}</h1>
        <ConnectMessage decision={decision} attempted={attempted} />
        <Link to={paths.home}>{t("common.backToPanel")}</Link>
      </div>
    </main>
  );
}

function ConnectMessage({
  decision,
  attempted,
}: {
  decision: ConnectDecision;
  attempted: boolean;
}) {
  switch (decision.kind) {
    case "desktop-only":
      return (
        <>
          <p className={styles.warn} role="alert">
            {t("connect.desktopOnly")}
          </p>
          {decision.target ? (
            <p className={styles.muted}>
              {t("connect.addressLabel")}{" "}
              <span className={styles.address}>{decision.target.connectAddress}</span>
            </p>
          ) : null}
        </>
      );
    case "loading":
      return (
        <p className={styles.message} role="status">
          <Spinner size="sm" /> {t("connect.checking")}
        </p>
      );
    case "redirect":
      return (
        <>
          <p className={styles.message} role="status">
            {t("connect.redirecting", { name: decision.target.name })}
          </p>
          {attempted ? <ConnectButton url={decision.url} /> : null}
          <p className={styles.muted}>
            {t("connect.manualHint")}{" "}
            <a href={steamConnectUrl(decision.target.connectAddress)}>
              {t("connect.manualLink", { address: decision.target.connectAddress })}
            </a>
          </p>
          {decision.target.gotvAddress ? <GotvLink address={decision.target.gotvAddress} /> : null}
        </>
      );
    case "offline":
      return (
        <p className={styles.error} role="alert">
          {t("connect.offline", { name: decision.target.name })}
        </p>
      );
    case "unreachable":
      return (
        <p className={styles.error} role="alert">
          {t("connect.unreachable", { name: decision.target.name })}
        </p>
      );
    case "all-down":
      return (
        <p className={styles.error} role="alert">
          {decision.count === 2 ? t("connect.allDown") : t("connect.noneOnline")}
        </p>
      );
    case "not-configured":
      return (
        <p className={styles.error} role="alert">
          {t("connect.notConfigured", { n: decision.number })}
        </p>
      );
    case "unknown-key":
      return (
        <p className={styles.error} role="alert">
          {t("connect.unknownKey", { key: decision.key })}
        </p>
      );
    case "no-servers":
      return (
        <p className={styles.error} role="alert">
          {t("connect.noServers")}
        </p>
      );
  }
}

/** The launch link as the page's primary action, focused so Enter (a user gesture) launches it. */
function ConnectButton({ url }: { url: string }) {
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <a ref={ref} className={styles.connectButton} href={url}>
      {t("connect.connectButton")}
    </a>
  );
}
