import type uk from "../uk/bans";
import type { Translation } from "../types";

/** English texts: bans.*, banList.*. */
export default {
  "banList.unknownNickname": "Nickname not found",
  "banList.forever": "Permanent",
  "bans.open": "Ban list",
  "bans.title": "Ban list",
  "bans.refresh": "Refresh",
  "bans.empty": "The ban list is empty.",
  "bans.loadFailed": "Could not load the ban list.",
  "bans.col.player": "Player",
  "bans.col.steamId": "SteamID",
  "bans.col.duration": "Duration",
  "bans.col.reason": "Reason and by whom",
  "bans.byGameServer": "issued on the game server",
  "bans.adminOnly": "administrator only",
  "bans.adminOnlyHint":
    "A moderator can lift only a temporary ban a moderator issued from the panel.",
  "bans.col.actions": "Actions",
  "bans.minutes": "{n} min",
  "bans.until": "until {date}",
  "bans.unban": "Unban",
  "bans.unbanPlayer": "Unban {name}",
  "bans.confirmTitle": "Unban the player?",
  "bans.confirmText": "Player {name} ({id}) will be removed from the ban list.",
  "bans.confirmTextNoName": "The player with SteamID {id} will be removed from the ban list.",
} as const satisfies Translation<typeof uk>;
