/**
 * Replies of real servers over RCON, kept verbatim for the parser tests (rconStatus.test.ts).
 * CS2 `status` is from a live server (build 1.41.7.7) found in a public test suite; the
 * `status_json` structure and the cvar lines are CS2's; the table is the older Source `status`
 * that parsers still meet on servers not yet on CS2's format.
 */

export const CS2_STATUS = `Server:  Running [0.0.0.0:27015]
Client:  Disconnected
----- Status -----
@ Current  :  game
source   : console
hostname : sidearm
spawn    : 1
version  : 1.41.7.7/14177 10896 secure  public
steamid  : [G:1:15633205] (85568392935672629)
udp/ip   : 0.0.0.0:27015 (public 76.226.161.203:27015)
os/type  : Linux dedicated
players  : 0 humans, 2 bots (0 max) (not hibernating) (unreserved)
---------spawngroups----
loaded spawngroup(  1)  : SV:  [1: de_mirage | main lump | mapload]
---------players--------
  id     time ping loss      state   rate adr name
   0      BOT    0    0     active      0 'Mangos'
#end`;

/** The same format with humans, a name with spaces, and the ghost slot real servers list. */
export const CS2_STATUS_WITH_HUMANS = `----- Status -----
hostname : Козацький сервер | 5v5
spawn    : 1
players  : 2 humans, 1 bots (0 max) (not hibernating) (unreserved)
---------spawngroups----
loaded spawngroup(  1)  : SV:  [1: de_inferno | main lump | mapload]
loaded spawngroup(  2)  : SV:  [2: prefabs/misc/end_of_match | de_inferno | mapload]
---------players--------
  id     time ping loss      state   rate adr name
   2  1:24:03   18    0     active 196608 192.0.2.5:57743 'Numeric 123'
   3    05:12   41    0     active 196608 192.0.2.9:27005 'Оля'
   4      BOT    0    0     active      0 'Rezan'
65535 [NoChan]    0    0 challenging      0unknown ''
#end`;

export const CS2_STATUS_JSON = JSON.stringify({
  process_uptime: 2718,
  build_version: 2000696,
  mem_phys_total_gb: 7.75,
  mem_phys_avail_gb: 2.53,
  server: {
    hibernating: false,
    cpu_usage: 0.08,
    clients_bot: 1,
    clients_human: 3,
    clients_proxies: 0,
    map: "de_dust2",
    addon: "",
    udp_port: 27015,
    clients: [
      { steamid64: "90071996842377223", steamid: "[A:1:7:1]", bot: true, name: "Soldier" },
      { steamid64: "76561198012345678", steamid: "[U:1:52079950]", bot: false, name: "Neo" },
      { steamid64: "76561198000000042", steamid: "[U:1:39734314]", bot: false, name: "Тарас" },
      // Still connecting: no name, SteamID64 0.
      { steamid64: 0, steamid: "[I:0:0]", bot: false, name: "" },
    ],
    steam_loggedon: true,
    steamid64: "85568392935611682",
    steamid: "[G:1:15572258]",
    gc_status: "GCConnectionStatus_HAVE_SESSION",
  },
});

export const OLDER_SOURCE_STATUS = `hostname: Old Source server
version : 1.38.7.9/13879 1575/8012 secure  [G:1:1234567] 
udp/ip  : 0.0.0.0:27015  (public ip: 203.0.113.7)
os      :  Linux
type    :  community dedicated
map     : de_nuke
players : 1 humans, 1 bots (12/0 max) (not hibernating)

# userid name uniqueid connected ping loss state rate adr
#  2 1 "Player One" STEAM_1:0:12345 05:10 50 0 active 196608 198.51.100.4:27005
#  3 "BOT Kim" BOT active 64
#end`;

export const CVAR_REPLIES = {
  cs2Number: "game_type = 0",
  cs2Bool: "sv_cheats = false",
  cs2Text: "hostname = Козацький сервер | 5v5",
  older: '"game_mode" = "1" ( def. "0" ) game replicated           - Current game mode',
};

/**
 * An empty CS2 server with GOTV up (build 1.39.9.6): GOTV's client is the only row, a `BOT` named
 * as its master, and the `players` line counts it as a bot; GOTV's own status follows the table.
 */
export const CS2_STATUS_GOTV_ONLY = `Server:  Running [127.0.1.1:27015]
Client:  Disconnected
----- Status -----
@ Current  :  game
source   :  console
hostname :  Counter-Strike 2 Dedicated Server
spawngroup count : 1
version  : 1.39.9.6/13996 9961 secure  public
udp/ip   : 127.0.1.1:27015 (public 203.0.113.9:27015)
os/type  : Linux dedicated
sourcetv[0] : 127.0.1.1:27020 (public 203.0.113.9:27020) delay 30.0s
players  : 0 humans, 1 bots (0 max) (not hibernating) (unreserved)
---------spawngroups----
loaded spawngroup(  1)  : SV:  [1: de_dust2 | main lump | mapload]
loaded spawngroup(  2)  : SV:  [2: maps/prefabs/de_dust2/de_dust2_skybox | main lump | mapload | point_prefab]
---------players--------
  id     time ping loss      state   rate adr name
   0      BOT    0    0     active      0 'SourceTV'
#end
--- SourceTV[0] Status ---
Online 00:08, FPS 63.7, Version 9961 (Linux)
Master "SourceTV", delay 30, frames 528 / ticks 531
Game Time 00:01, Mod "csgo", Map "de_dust2"
Local Slots 64, Spectators 0, Proxies 0
# userid name uniqueid connected ping loss state rate adr
#end`;

const BOT_NAMES = ["Rebel", "Rip", "Wolf", "Muhlik", "Steel", "Soldier", "Crew", "Crusher"];

/**
 * A live server's `status_json` in the shape of a real sample: its totals say 12 bots and 1 human
 * (13), its list holds two nameless slots (`[I:0:0]`), one human and ten bots (11 it can name).
 */
export const CS2_STATUS_JSON_TOTALS = JSON.stringify({
  server: {
    clients_bot: 12,
    clients_human: 1,
    clients_proxies: 0,
    map: "de_dust2",
    clients: [
      { steamid64: "0", steamid: "[I:0:0]", bot: false, name: "" },
      { steamid64: "0", steamid: "[I:0:0]", bot: false, name: "" },
      { steamid64: "76561197997837923", steamid: "[U:1:37572195]", bot: false, name: "Larry" },
      ...[...BOT_NAMES, "Syfers", "Rock"].map((name, i) => ({
        steamid64: String(90071996842377218n + BigInt(i)),
        steamid: `[A:1:${i + 2}:1]`,
        bot: true,
        name,
      })),
    ],
  },
});

/** `status` of that moment: the two nameless slots are the ghost rows, not players. */
export const CS2_STATUS_TOTALS = `----- Status -----
hostname : Larry's Server
players  : 1 humans, 12 bots (0 max) (not hibernating) (unreserved)
---------spawngroups----
loaded spawngroup(  1)  : SV:  [1: de_dust2 | main lump | mapload]
---------players--------
  id     time ping loss      state   rate adr name
65535 [NoChan]    0    0 challenging      0unknown ''
65535 [NoChan]    0    0 challenging      0unknown ''
   2    12:40   35    0     active 786432 198.51.100.20:27005 'Larry'
${[...BOT_NAMES, "Syfers", "Rock"].map((name, i) => `${String(i + 3).padStart(4)}      BOT    0    0     active      0 '${name}'`).join("\n")}
#end`;

/** An `sv_lan 1` server: Steam's check is skipped, so every human is nameless in status_json. */
export const CS2_STATUS_JSON_LAN = JSON.stringify({
  server: {
    clients_bot: 1,
    clients_human: 2,
    clients_proxies: 0,
    map: "de_nuke",
    clients: [
      { steamid64: "0", steamid: "[I:0:0]", bot: false, name: "" },
      { steamid64: "0", steamid: "[I:0:0]", bot: false, name: "" },
      { steamid64: "90071996842377220", steamid: "[A:1:4:1]", bot: true, name: "Kim" },
    ],
  },
});

export const CS2_STATUS_LAN = `----- Status -----
hostname : LAN party
players  : 2 humans, 1 bots (0 max) (not hibernating) (unreserved)
---------spawngroups----
loaded spawngroup(  1)  : SV:  [1: de_nuke | main lump | mapload]
---------players--------
  id     time ping loss      state   rate adr name
   2    03:17    1    0     active 786432 172.23.0.1:42167 'Петро'
   3    02:05    1    0     active 786432 172.23.0.1:42168 'Anna'
   4      BOT    0    0     active      0 'Kim'
#end`;
