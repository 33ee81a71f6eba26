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
