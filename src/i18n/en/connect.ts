import type uk from "../uk/connect";
import type { Translation } from "../types";

/** English texts: connect.*. */
export default {
  "connect.title": "Connect to the server",
  "connect.checking": "Checking the servers…",
  "connect.redirecting": "Starting Counter-Strike 2 and connecting to «{name}»…",
  "connect.manualHint": "If the game did not start by itself, use this link:",
  "connect.manualLink": "Connect to {address}",
  "connect.connectButton": "Connect",
  "connect.desktopOnly":
    "Open this page on a computer: connecting starts Counter-Strike 2, which runs only on a PC.",
  "connect.addressLabel": "Server address:",
  "connect.offline": "Server «{name}» is offline right now. Try again later.",
  "connect.unreachable":
    "Server «{name}» is unreachable: its state could not be read. Try again later.",
  "connect.allDown": "Both servers are unavailable right now, try again later.",
  "connect.noneOnline": "No server is available right now, try again later.",
  "connect.notConfigured": "Server #{n} is not configured.",
  "connect.noServers": "No server is configured.",
  "connect.unknownKey": "No enabled server has the key «{key}».",
} as const satisfies Translation<typeof uk>;
