/** Route paths in one place. */
export const paths = {
  home: "/",
  docs: "/docs",
  connect: "/connect",
  connect1: "/connect1",
  connect2: "/connect2",
  /** Any server's connect page, by its key (the two numbered routes stay for old links). */
  connectKey: "/connect/:key",
  matches: "/matches",
  match: "/matches/:id",
  player: "/players/:steamId",
  leaderboard: "/leaderboard",
  /** Admins: every demo, what needs them, retention. */
  demos: "/demos",
  tournament: "/t/:slug",
  /** Every cup; admins create one here. */
  cups: "/cup",
  /** A community cup's public bracket, schedule and results; its team pages. */
  cup: "/cup/:slug",
  cupTeam: "/cup/:slug/team/:teamId",
  /** The live bracket alone, for an iframe on a community's site. */
  cupEmbed: "/cup/:slug/embed",
  /** The community's public ban list when an admin made it public. */
  bans: "/bans",
  /** «Мій профіль»: the signed-in user's Steam link and, once linked, their career. */
  me: "/me",
  /** A streamer's scorebug over a transparent page (an OBS browser source). */
  overlay: "/overlay/:serverKey",
} as const;

/** A recorded match's page. */
export const matchPath = (id: string) => `/matches/${encodeURIComponent(id)}`;
/** A player's career page (SteamID64 only: bots have none). */
export const playerPath = (steamId: string) => `/players/${encodeURIComponent(steamId)}`;

/** A server's connect page by its key. */
export const connectPath = (key: string) => `/connect/${encodeURIComponent(key)}`;

/** A tournament's shareable link. */
export function tournamentPath(slug: string): string {
  return `/t/${encodeURIComponent(slug)}`;
}

/** A cup's public page, or one of its teams' pages. */
export const cupPath = (slug: string, teamId?: string) =>
  `/cup/${encodeURIComponent(slug)}${teamId ? `/team/${encodeURIComponent(teamId)}` : ""}`;
