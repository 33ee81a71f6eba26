/** Route paths in one place. */
export const paths = {
  home: "/",
  docs: "/docs",
  connect: "/connect",
  connect1: "/connect1",
  connect2: "/connect2",
} as const;
