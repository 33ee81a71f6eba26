/** Route paths in one place. */
export const paths = {
  home: "/",
  docs: "/docs",
  connect: "/connect",
  connect1: "/connect1",
  connect2: "/connect2",
  tournament: "/t/:slug",
} as const;

/** A tournament's shareable link. */
export function tournamentPath(slug: string): string {
  return `/t/${encodeURIComponent(slug)}`;
}
