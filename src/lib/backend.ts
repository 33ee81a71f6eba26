/**
 * The web app's one doorway to the backend's generated API and shared types, so features do not
 * reach into `convex/` with deep relative paths. Types only, apart from `api` itself.
 */
export { api } from "../../convex/_generated/api";
export type { Id } from "../../convex/_generated/dataModel";
export type { Match, Player, Summary, Team } from "../../convex/lib/validators";
