/**
 * The name the audit log gives the panel when it acts on a game server by itself: turning round
 * backups on when a match goes live on a server that does not write them.
 */
export const PANEL_ACTOR = "Панель (автоматично)";
