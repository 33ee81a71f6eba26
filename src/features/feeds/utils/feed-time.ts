import { dateFormat } from "@/i18n/format";

/** When a game server's last delivery came (MatchZy's events, CS2's log), as the admin tab says it. */
export const feedTimeFormat = dateFormat({
  dateStyle: "short",
  timeStyle: "medium",
});
