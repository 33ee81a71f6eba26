/** The backend's pure moderation helpers, for form validation and defaults on the client. */
export {
  DEFAULT_MODERATION_SETTINGS,
  MAX_SANCTION_MINUTES,
} from "../../convex/lib/moderationDefaults";
export { parseSteamId, type ParsedSteamId } from "../../convex/lib/steamId";
export { parseSanctionCode } from "../../convex/lib/sanctionWords";
