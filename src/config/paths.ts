/** Route paths in one place. */
export const paths = {
  home: "/",
  docs: "/docs",
  connect: "/connect",
  connect1: "/connect1",
  connect2: "/connect2",
  /** The community's public ban list (#15), when an admin made it public. */
  bans: "/bans",
} as const;
