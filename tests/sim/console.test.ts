import { beforeEach, describe, expect, it } from "vitest";
import { SERVER_CONFIGS } from "../../dev/sim/catalog";
import { ConsoleEngine, tokenize } from "../../dev/sim/console";
import { SimClock } from "../../dev/sim/rng";
import { GameWorld } from "../../dev/sim/world";

let world: GameWorld;
let con: ConsoleEngine;
let restarts = 0;
let drops = 0;

beforeEach(() => {
  world = new GameWorld(new SimClock(), {
    name: "Console Test",
    map: "de_mirage",
    mode: "competitive",
    maxPlayers: 12,
    humans: 3,
    spectators: 0,
    seed: 99,
    rconPassword: "pw",
  });
  restarts = 0;
  drops = 0;
  con = new ConsoleEngine(world, {
    port: () => 27015,
    publicHost: "127.0.0.1",
    onRestart: () => restarts++,
    onRconPasswordChanged: () => drops++,
  });
});

describe("console engine", () => {
  it("tokenizes like the Source console, quotes included", () => {
    expect(tokenize('sv_password ""')).toEqual(["sv_password", ""]);
    expect(tokenize('css_ban #3 60 "wall hack"')).toEqual(["css_ban", "#3", "60", "wall hack"]);
  });

  it("reads cvars the CS2 way and sets them silently", () => {
    expect(con.exec("sv_cheats")).toBe("sv_cheats = false");
    expect(con.exec("sv_cheats 1")).toBe("");
    expect(con.exec("SV_CHEATS")).toBe("sv_cheats = true");
    expect(con.exec("mp_maxrounds")).toBe("mp_maxrounds = 24");
    for (const cvar of [
      "mp_autoteambalance",
      "mp_friendlyfire",
      "sv_autobunnyhopping",
      "sv_enablebunnyhopping",
    ]) {
      con.exec(`${cvar} 0`);
      expect(con.exec(cvar)).toBe(`${cvar} = false`);
    }
  });

  it("changes level only to known maps and resets the match", () => {
    world.match.scoreCT = 5;
    expect(con.exec("changelevel de_foo")).toBe("changelevel failed: de_foo not found");
    expect(world.map).toBe("de_mirage");
    con.exec("changelevel de_nuke");
    expect(world.wireMatch()).toMatchObject({
      mapName: "de_nuke",
      scoreCT: 0,
      round: 0,
      roundPhase: "warmup",
    });
  });

  it("loads workshop maps by id and names the known ones", () => {
    con.exec("host_workshop_map 3070549948");
    expect(world.map).toBe("workshop/3070549948/aim_map");
    con.exec("host_workshop_map 123456789");
    expect(world.map).toBe("workshop/123456789");
    expect(con.exec("host_workshop_map ../x")).toMatch(/^Usage/);
  });

  it("switches game mode through game_alias or game_type + game_mode", () => {
    con.exec("game_alias wingman");
    expect(world.wireMatch()).toMatchObject({ gameMode: "wingman", maxRounds: 16 });
    expect(world.onSide("T").length + world.onSide("CT").length).toBe(4);
    con.exec("game_alias competitive");
    con.exec("game_mode 2");
    con.exec("game_type 1");
    expect(world.mode).toBe("deathmatch");
    expect(con.exec("game_type")).toBe("game_type = 1");
    expect(con.exec("game_alias nope")).toContain("unknown alias");
  });

  it("sets and clears sv_password", () => {
    con.exec('sv_password "secret"');
    expect(world.wireStatus().passwordProtected).toBe(true);
    expect(con.exec("sv_password")).toBe("sv_password = ********");
    con.exec('sv_password ""');
    expect(world.wireStatus().passwordProtected).toBe(false);
  });

  it("runs all 13 configs and rejects paths and unknown names", () => {
    expect(Object.keys(SERVER_CONFIGS)).toHaveLength(13);
    for (const name of Object.keys(SERVER_CONFIGS)) {
      expect(con.exec(`exec ${name}`)).toMatch(new RegExp(`^Executing ${name}.cfg`));
      expect(world.lastExec).toBe(name);
    }
    con.exec("exec knife_only.cfg");
    expect(world.weaponPool).toBe("knife");
    expect(con.exec("exec ../server")).toMatch(/path not allowed/);
    expect(con.exec("exec cfg/server")).toMatch(/path not allowed/);
    expect(con.exec("exec nothing_here")).toBe("exec: couldn't exec nothing_here.cfg");
  });

  it("pauses and unpauses the match, ends warmup and restarts the game", () => {
    con.exec("mp_pause_match");
    expect(world.wireMatch().roundPhase).toBe("paused");
    con.exec("mp_unpause_match");
    expect(world.wireMatch().roundPhase).toBe("warmup");
    con.exec("mp_warmup_end");
    expect(world.wireMatch()).toMatchObject({ roundPhase: "freezetime", round: 1 });
    world.match.scoreT = 3;
    con.exec("mp_restartgame 1");
    expect(world.wireMatch()).toMatchObject({ scoreT: 0, round: 1 });
  });

  it("kicks by userid and by name, leaving the player offline; a SteamID64 is not a userid", () => {
    const [a, b, c] = world.connected().filter((p) => !p.isBot);
    expect(con.exec(`kickid ${c!.steamId}`)).toBe(`kickid: no player with id ${c!.steamId}`);
    expect(c!.connected).toBe(true);
    expect(con.exec(`kickid ${a!.userId} bye`)).toBe(`Dropped ${a!.name} from server: bye`);
    expect(con.exec(`kick ${b!.name}`)).toContain(b!.name);
    expect(world.wirePlayers().offline.map((p) => p.steamId)).toEqual([a!.steamId, b!.steamId]);
    expect(con.exec("kickid 999")).toBe("kickid: no player with id 999");
  });

  it("keeps say in the chat log", () => {
    expect(con.exec("say hello there")).toBe("Console: hello there");
    expect(world.chat.at(-1)).toMatchObject({ name: "Console", message: "hello there" });
  });

  it("bans and unbans through the plugin commands; banid & co. do not exist in CS2", () => {
    const p = world.connected().find((x) => !x.isBot)!;
    expect(con.exec(`css_ban #${p.userId} 30 "aim bot"`)).toBe(
      `Banned ${p.name} (${p.steamId}) for 30 minutes: aim bot`,
    );
    expect(p.connected).toBe(false);
    expect(world.bans.list()[0]).toMatchObject({
      steamId: p.steamId,
      duration: "30",
      reason: "aim bot",
    });
    expect(con.exec(`css_unban ${p.steamId}`)).toBe(`Unbanned ${p.steamId}`);
    for (const cmd of ["banid 0 1", "removeid 1", "listid", "writeid"]) {
      expect(con.exec(cmd)).toBe(`Unknown command "${cmd.split(" ")[0]}"`);
    }
  });

  it("answers unknown commands and reports status_json", () => {
    expect(con.exec("frobnicate 1")).toBe('Unknown command "frobnicate"');
    const json = JSON.parse(con.exec("status_json")) as {
      server: { map: string; clients: unknown[] };
    };
    expect(json.server.map).toBe("de_mirage");
    expect(json.server.clients).toHaveLength(world.connected().length);
  });

  it("signals restarts and password changes to the server around it", () => {
    con.exec("quit");
    con.exec("_restart");
    con.exec("rcon_password other");
    expect([restarts, drops]).toEqual([2, 1]);
  });
});
