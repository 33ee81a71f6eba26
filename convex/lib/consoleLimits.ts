/**
 * The longest free console line and chat message a game server is sent: checked by the backend
 * (gameServer/consoleInput.ts) and shown by the panel's forms, which import only this.
 */
export const COMMAND_MAX = 330;
export const SAY_MAX = 100;
