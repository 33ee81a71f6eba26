/** Own-key lookups for anything that came from outside (server data, URLs, storage). */
export { isOwnKey, ownValue } from "../../convex/lib/ownKey";
