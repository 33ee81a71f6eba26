/**
 * Starts the local Discord stand-in: `npx tsx dev/discord/main.ts [--port 3299]`.
 * Point a webhook at `http://127.0.0.1:<port>/api/webhooks/<id>/<token>` (the deployment must
 * allow it: DISCORD_WEBHOOK_ORIGIN=http://127.0.0.1:<port>) and open the page it prints.
 */
import { startDiscordStandIn } from "./server";

const arg = process.argv.indexOf("--port");
const raw = arg >= 0 ? process.argv[arg + 1] : "3299";
const port = Number(raw);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Невірний порт: ${String(raw)}`);
  process.exit(2);
}
try {
  const standIn = await startDiscordStandIn({ port, log: (line) => console.log(line) });
  console.log(
    `Discord stand-in: ${standIn.url}/ (webhooks: ${standIn.url}/api/webhooks/<id>/<token>)`,
  );
} catch (error) {
  console.error(`Не вдалося запустити заглушку Discord: ${(error as Error).message}`);
  process.exit(1);
}
