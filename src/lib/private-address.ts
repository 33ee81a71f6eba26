/** Server addresses a deployment in Convex's cloud cannot reach (the backend's own rule). */
export { unreachableFromCloud } from "../../convex/lib/privateAddress";
