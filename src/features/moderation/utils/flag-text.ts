import { t, type MessageKey } from "@/i18n";
import "@/i18n/load/moderation";
import type { FlaggedPlayer } from "../hooks/use-sanctions";
import { formatDateTime } from "@/i18n/format";

/** What the flag says: the blocks in force, else the latest sanction and when. */
export function flagText(flag: FlaggedPlayer): string {
  if (flag.active.length > 0) {
    return t("moderation.flagActive", {
      kinds: flag.active.map((k) => t(`moderation.kind.${k}` as MessageKey)).join(", "),
    });
  }
  return t("moderation.flagRecent", {
    kind: t(`moderation.kind.${flag.latestKind}` as MessageKey),
    when: formatDateTime(flag.latestAt),
  });
}
