/** When a game server's last delivery came (MatchZy's events, CS2's log), as the admin tab says it. */
export const feedTimeFormat = new Intl.DateTimeFormat("uk-UA", {
  dateStyle: "short",
  timeStyle: "medium",
});
