import type uk from "../uk/account";
import type { Translation } from "../types";

/** English texts: account.*. */
export default {
  "account.title": "My profile",
  "account.signIn": "Sign in to link your Steam account and see your career.",
  "account.signInAction": "Sign in",
  "account.steam.title": "Steam account",
  "account.steam.verified": "Verified",
  "account.steam.notLinked": "Not linked",
  "account.steam.why":
    "Link your Steam account: you sign in on Steam's site and the panel learns your SteamID. Then «My profile» opens your career, and tournaments that need Steam hold the seat for you.",
  "account.steam.link": "Link Steam",
  "account.steam.unlink": "Unlink",
  "account.steam.unlinkTitle": "Unlink the Steam account?",
  "account.steam.unlinkText":
    "SteamID {steamId} will no longer be tied to your account. You can link it again at any time.",
  "account.steam.linked": "Steam account linked.",
  "account.steam.unlinked": "Steam account unlinked.",
  "account.steam.expired": "The Steam link has expired or was already used. Start linking again.",
} as const satisfies Translation<typeof uk>;
