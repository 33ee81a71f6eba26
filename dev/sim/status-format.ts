/** Text of `status`, `status_json` as CS2 prints them (docs/game-server-api.md §4). */
import { type SimPlayer, steamId3 } from "./players";
import { type GameWorld } from "./world";

/** GOTV's client name (CS2's default `tv_name`). */
const GOTV_NAME = "SourceTV";
const SERVER_STEAM_ID = "[G:1:15633205] (85568392935672629)";

export function formatStatus(world: GameWorld, port: number, publicHost: string): string {
  const online = world.connected().sort((a, b) => a.userId - b.userId);
  const humans = online.filter((p) => !p.isBot).length;
  const rows = online.map((p) => statusRow(p, world.now));
  const tvPort = world.tvPort();
  // GOTV's own client: CS2 lists it as a bot named as its master and counts it among the bots.
  const tv = tvPort !== null ? 1 : 0;
  if (tv) {
    const id = String(Math.max(0, ...online.map((p) => p.userId)) + 1).padStart(4);
    rows.push(`${id}      BOT    0    0     active      0 '${GOTV_NAME}'`);
  }
  return [
    `Server:  Running [0.0.0.0:${port}]`,
    "Client:  Disconnected",
    "----- Status -----",
    "@ Current  :  game",
    "source   : console",
    `hostname : ${world.cvars.get("hostname")}`,
    "spawn    : 1",
    `version  : ${world.version} 10896 secure  public`,
    `steamid  : ${SERVER_STEAM_ID}`,
    `udp/ip   : 0.0.0.0:${port} (public ${publicHost}:${port})`,
    ...(tvPort !== null
      ? [
          `sourcetv[0] : 0.0.0.0:${tvPort} (public ${publicHost}:${tvPort}) delay ${world.cvars.int("tv_delay")}.0s`,
        ]
      : []),
    "os/type  : Linux dedicated",
    // "(0 max)" is what CS2 really prints with sv_visiblemaxplayers unset: not the slot limit.
    `players  : ${humans} humans, ${online.length - humans + tv} bots (0 max) (not hibernating) (unreserved)`,
    "---------spawngroups----",
    `loaded spawngroup(  1)  : SV:  [1: ${world.map} | main lump | mapload]`,
    "---------players--------",
    "  id     time ping loss      state   rate adr name",
    ...rows,
    // Real servers list a half-connected ghost slot like this; parsers must skip it.
    "65535 [NoChan]    0    0 challenging      0unknown ''",
    "#end",
    ...(tv
      ? [
          "--- SourceTV[0] Status ---",
          `Master "${GOTV_NAME}", delay ${world.cvars.int("tv_delay")}, frames 528 / ticks 531`,
          "# userid name uniqueid connected ping loss state rate adr",
          "#end",
        ]
      : []),
  ].join("\n");
}

function statusRow(p: SimPlayer, now: number): string {
  const id = String(p.userId).padStart(4);
  const time = (p.isBot ? "BOT" : duration(now - p.connectedAt)).padStart(8);
  const ping = String(p.ping).padStart(4);
  const rate = (p.isBot ? "0" : "196608").padStart(6);
  const adr = p.isBot ? "" : `${p.address} `;
  return `${id} ${time} ${ping}    0     active ${rate} ${adr}'${p.name}'`;
}

function duration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

export function formatStatusJson(world: GameWorld, port: number): string {
  const online = world.connected();
  const bots = online.filter((p) => p.isBot);
  const workshop = /^workshop\/(\d+)/.exec(world.map);
  return JSON.stringify({
    process_uptime: Math.floor((world.now - world.startedAt) / 1000),
    build_version: buildOf(world.version),
    mem_phys_total_gb: 7.75,
    mem_phys_avail_gb: 2.53,
    server: {
      hibernating: false,
      cpu_usage: 0.08,
      clients_bot: bots.length,
      clients_human: online.length - bots.length,
      clients_proxies: world.tvPort() !== null ? 1 : 0,
      map: world.map,
      addon: workshop?.[1] ?? "",
      udp_port: port,
      // CS2 gives bots synthetic [A:…] ids here, unlike the plugin API.
      clients: online.map((p) => ({
        steamid64: p.isBot ? String(90071996842377216n + BigInt(p.userId)) : p.steamId,
        steamid: p.isBot ? `[A:1:${p.userId}:1]` : steamId3(p.steamId),
        bot: p.isBot,
        name: p.name,
      })),
      steam_loggedon: true,
      steamid64: "85568392935611682",
      steamid: "[G:1:15572258]",
      gc_status: "GCConnectionStatus_HAVE_SESSION",
    },
  });
}

/** The build number of `1.41.7.7/14177`. */
export function buildOf(version: string): number {
  return Number(/\/(\d+)$/.exec(version)?.[1] ?? 0);
}

/** The server's frame rate: a 128-fps server that loses a little per connected player. */
export function serverFps(world: GameWorld): number {
  return Math.round((128 - world.connected().length * 0.75) * 100) / 100;
}

/** `stats` as CS2 prints it: the column names, then one row of values (uptime in minutes). */
export function formatStats(world: GameWorld): string {
  const uptimeMin = Math.floor((world.now - world.startedAt) / 60_000);
  const fps = serverFps(world);
  const cols = [
    "CPU",
    "NetIn",
    "NetOut",
    "Uptime",
    "Maps",
    "FPS",
    "Players",
    "Svms",
    "+-ms",
    "~tick",
  ];
  const values = [
    "10.0",
    "0.0",
    "0.0",
    String(uptimeMin),
    "1",
    fps.toFixed(2),
    String(world.connected().length),
    (1000 / fps / 8).toFixed(2),
    "0.12",
    "0.45",
  ];
  const pad = (xs: string[]) => xs.map((x) => x.padStart(8)).join("");
  return `${pad(cols)}\n${pad(values)}`;
}
