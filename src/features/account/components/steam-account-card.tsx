import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useConfirmation } from "@/hooks/use-confirmation";
import { t } from "@/i18n";
import "@/i18n/load/account";
import { useBeginSteamLink, useUnlinkSteam } from "../hooks/use-steam-link";
import styles from "./account.module.css";

/** The signed-in user's Steam link: link through Steam's sign-in, or unlink. */
export function SteamAccountCard({
  steamId,
  steamName,
}: {
  steamId: string | null;
  steamName: string | null;
}) {
  const { begin, pending } = useBeginSteamLink();
  const unlink = useUnlinkSteam();
  const { ask, dialog } = useConfirmation();
  return (
    <Card
      title={t("account.steam.title")}
      aside={
        steamId ? (
          <Badge tone="success">{t("account.steam.verified")}</Badge>
        ) : (
          <Badge>{t("account.steam.notLinked")}</Badge>
        )
      }
    >
      {steamId ? (
        <div className={styles.row}>
          <p className={styles.text}>
            {steamName ? <strong>{steamName}</strong> : null}{" "}
            <span className={styles.mono}>{steamId}</span>
          </p>
          <Button
            onClick={() =>
              ask({
                title: t("account.steam.unlinkTitle"),
                text: t("account.steam.unlinkText", { steamId }),
                confirmLabel: t("account.steam.unlink"),
                run: unlink,
              })
            }
          >
            {t("account.steam.unlink")}
          </Button>
        </div>
      ) : (
        <div className={styles.row}>
          <p className={styles.text}>{t("account.steam.why")}</p>
          <Button variant="primary" loading={pending} onClick={() => void begin()}>
            {t("account.steam.link")}
          </Button>
        </div>
      )}
      {dialog}
    </Card>
  );
}
