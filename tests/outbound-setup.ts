/* Node test projects run Convex functions that fetch: they close abandoned connections as the dev backend does. */
import { closeAbandonedConnections } from "../dev/backend/outboundConnections";

closeAbandonedConnections();
