import { Icon } from "@/components/ui/icon";
import { t } from "@/i18n";
import "@/i18n/load/match";
import { steamConnectUrl } from "@/lib/steam-connect";
import styles from "./gotv-link.module.css";

/**
 * «Дивитися через GOTV»: joins the server's GOTV broadcast in the game. Shown only while the
 * backend says the server is online with GOTV on, so it never leads to a dead port.
 */
export function GotvLink({ address }: { address: string }) {
  return (
    <a
      className={styles.link}
      href={steamConnectUrl(address)}
      title={t("gotv.hint")}
      data-testid="gotv-link"
    >
      <Icon name="tv" size={18} /> {t("gotv.watch")}
    </a>
  );
}
