/**
 * Starts the local Steam stand-in: `npx tsx dev/steam/main.ts [--port 3298]`. Point the panel at
 * it with STEAM_OPENID_BASE=http://127.0.0.1:<port>/openid (and, for persona names,
 * STEAM_WEB_API_BASE=http://127.0.0.1:<port> with any STEAM_WEB_API_KEY).
 */
import { startSteamStandIn } from "./server";

const arg = process.argv.indexOf("--port");
const raw = arg >= 0 ? process.argv[arg + 1] : "3298";
const port = Number(raw);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Невірний порт: ${String(raw)}`);
  process.exit(2);
}
try {
  const standIn = await startSteamStandIn({ port, log: (line) => console.log(line) });
  console.log(`Steam stand-in: OpenID ${standIn.openIdBase}, Web API ${standIn.url}`);
} catch (error) {
  console.error(`Не вдалося запустити заглушку Steam: ${(error as Error).message}`);
  process.exit(1);
}
