/** Where a server's secrets are sent; changing it clears them (the backend's own rule). */
export { destinationOf } from "../../convex/lib/destination";
