import type { ConfirmRequest } from "@/hooks/use-confirmation";
import { t } from "@/i18n";
import "@/i18n/load/admin";

/**
 * What a typed command does that its button asks about first: restarting the match or changing
 * the map (the console must not be the way around the question). Null for anything else.
 */
export function commandQuestion(
  command: string,
  serverName: string,
): Omit<ConfirmRequest, "run"> | null {
  const [verb = "", arg = ""] = command.trim().split(/\s+/);
  const server = { server: serverName };
  switch (verb.toLowerCase()) {
    case "mp_restartgame":
      return arg === "0"
        ? null
        : {
            title: t("admin.confirm.restartGameTitle"),
            text: t("admin.confirm.restartGameText", server),
            confirmLabel: t("admin.command.run"),
          };
    case "map":
    case "changelevel":
    case "host_workshop_map":
    case "ds_workshop_changelevel":
      return {
        title: t("admin.confirm.changeMapTitle", { map: arg || "?" }),
        text: t("admin.confirm.changeMapText", server),
        confirmLabel: t("admin.command.run"),
      };
    default:
      return null;
  }
}
