/**
 * What a simulated CS2 server writes to its log, line by line in CS2's own forms and at a real
 * 5v5 server's volume (about 220 lines, 30 KB, a played round): connections, cvar changes, the
 * match's start and status, spawns and purchases with their money changes, leaving the buy zone,
 * hits (`attacked`), kills and assists, grenades and blinds, the bomb, chat, round ends with the
 * team scores and round rewards, the `round_stats` block each freeze time, accolades and
 * `Game Over`, and an echo of every RCON command. The lines are the panel's to parse or skip, as
 * a real server's are.
 *
 * The world decides what happens (kills, assists, the bomb, round ends); this narrator rolls its
 * own dice for what CS2 logs around it (hits before a kill, grenades, purchases), so listening
 * never changes how a seeded match plays. The `round_stats` numbers are the totals of what the
 * narrator itself logged, as CS2's are of what it logged.
 */
import { toSteam3 } from "../../convex/lib/steamId";
import type { Side } from "../../convex/lib/side";
import { type SimPlayer } from "./players";
import { Cvars } from "./cvars";
import { type Rng } from "./rng";
import { type GameWorld, type MatchEvent, type RoundEndReason, type SimKill } from "./world";

/** A player as CS2's log names one: `"Name<userid><[U:1:n]|BOT><CT|TERRORIST>"`. */
export function logPlayer(p: SimPlayer): string {
  return `"${p.name}<${p.userId}><${steam3(p)}><${teamOf(p.side)}>"`;
}

function steam3(p: SimPlayer): string {
  return p.isBot ? "BOT" : toSteam3(p.steamId);
}

function teamOf(side: SimPlayer["side"]): string {
  return side === "CT" ? "CT" : side === "T" ? "TERRORIST" : "";
}

function roundNotice(reason: RoundEndReason, winner: Side): string {
  switch (reason) {
    case "bombed":
      return "Target_Bombed";
    case "defused":
      return "Bomb_Defused";
    case "time":
      return "Target_Saved";
    case "elimination":
      return winner === "CT" ? "CTs_Win" : "Terrorists_Win";
  }
}

/** What the narrator counts per player for `round_stats` (CS2's columns). */
interface Tally {
  money: number;
  kills: number;
  deaths: number;
  assists: number;
  damage: number;
  headshots: number;
  mvps: number;
  enemiesFlashed: number;
  utilityDamage: number;
  k3: number;
  k4: number;
  k5: number;
  clutchKills: number;
  firstKills: number;
  pistolKills: number;
  sniperKills: number;
  fireDamage: number;
  /** This round's. */
  roundKills: number;
  hp: number;
  lossStreak: number;
  carries: string[];
}

function freshTally(money: number): Tally {
  return {
    money,
    kills: 0,
    deaths: 0,
    assists: 0,
    damage: 0,
    headshots: 0,
    mvps: 0,
    enemiesFlashed: 0,
    utilityDamage: 0,
    k3: 0,
    k4: 0,
    k5: 0,
    clutchKills: 0,
    firstKills: 0,
    pistolKills: 0,
    sniperKills: 0,
    fireDamage: 0,
    roundKills: 0,
    hp: 100,
    lossStreak: 0,
    carries: [],
  };
}

/** The cvars CS2 announces when the match goes live (those the panel's clock reads among them). */
const LIVE_CVARS = [
  "mp_maxrounds",
  "mp_roundtime",
  "mp_roundtime_defuse",
  "mp_freezetime",
  "mp_c4timer",
  "mp_overtime_enable",
  "mp_halftime",
  "mp_friendlyfire",
  "mp_startmoney",
  "mp_buytime",
  "sv_deadtalk",
];

const PISTOLS = new Set([
  "glock",
  "hkp2000",
  "usp_silencer",
  "p250",
  "deagle",
  "fiveseven",
  "tec9",
]);
const SNIPERS = new Set(["awp", "ssg08", "scar20", "g3sg1"]);
const GRENADES = ["flashbang", "smokegrenade", "hegrenade", "molotov", "incgrenade"] as const;
const HITGROUPS = ["chest", "stomach", "head", "left arm", "right leg", "generic"];
const CHAT = [
  "gl hf",
  "rush b",
  "eco?",
  "nice",
  "one b",
  "save",
  "drop pls",
  "ns",
  "wp",
  "rotate a",
  "gg",
];
/** Of the chat lines: a report, and of those a call for an admin. */
const REPORT_CHANCE = 0.15;
const CALLADMIN_SHARE = 0.1;
const REPORT_REASONS = ["wallhack", "aimbot", "toxic", "griefing", "spinbot"];
const ACCOLADES = ["3k", "mvp", "kills", "hsp", "damage", "cashspent", "pistolkills", "firstkills"];

/** What a side buys, by price: weapons, armour and grenades (CS2's log and money names). */
const RIFLE: Record<Side, [string, number]> = { T: ["ak47", 2700], CT: ["m4a1", 2900] };
const PISTOL: Record<Side, string> = { T: "glock", CT: "hkp2000" };
const PRICES: Record<string, number> = {
  deagle: 700,
  p250: 300,
  flashbang: 200,
  smokegrenade: 300,
  hegrenade: 300,
  molotov: 400,
  incgrenade: 500,
};

export class LogNarrator {
  private readonly tallies = new Map<string, Tally>();
  private matchStarted: number | undefined;
  private roundFirstKill = true;

  constructor(
    private readonly world: GameWorld,
    private readonly rng: Rng,
    private readonly write: (line: string) => void,
    private readonly reports: Rng,
  ) {
    // CS2 logs each change of a game cvar (a password's as protected).
    world.cvars.watch((name, value) => {
      if (!name.startsWith("mp_") && !name.startsWith("sv_")) return;
      this.write(`server_cvar: "${name}" "${Cvars.isSecret(name) ? "***PROTECTED***" : value}"`);
    });
  }

  /**
   * Now and then a chat line is a `!report <name> <reason>` (rarely a `!calladmin`), as players
   * type them, to all. Drawn from its own dice, after the line's usual draws: a seeded match plays
   * and logs the same as before, only such a line's text differs.
   */
  private reportLine(speaker: SimPlayer): string | null {
    if (!this.reports.chance(REPORT_CHANCE)) return null;
    const reason = this.reports.pick(REPORT_REASONS);
    if (this.reports.chance(CALLADMIN_SHARE)) return `!calladmin ${reason}`;
    const others = this.playing().filter((p) => p !== speaker && !p.isBot);
    return others.length > 0 ? `!report ${this.reports.pick(others).name} ${reason}` : null;
  }

  /** CS2 echoes each RCON command it runs: `rcon from "ip:port": command "…"`. */
  rconEcho(from: string, command: string): void {
    this.write(`rcon from "${from}": command "${command}"`);
  }

  onMatchEvent(event: MatchEvent): void {
    switch (event.type) {
      case "playerConnected":
        return this.connected(event.player);
      case "newMatch":
        this.write(`World triggered "Warmup_Start"`);
        return;
      case "freezeStart":
        return this.freezeStart();
      case "live":
        return this.live();
      case "sidesSwapped":
        return this.swapped();
      case "roundStart":
        return this.roundStart();
      case "kill":
        return this.kill(event.kill);
      case "bombPlanted": {
        const site = this.rng.chance(0.5) ? "A" : "B";
        this.write(`${logPlayer(event.planter)} triggered "Bomb_Begin_Plant" at bombsite ${site}`);
        this.write(`${logPlayer(event.planter)} triggered "Planted_The_Bomb" at bombsite ${site}`);
        return;
      }
      case "bombDefused":
        // CS2 logs the defuse's start; the round's notice (Bomb_Defused) says it succeeded.
        this.write(
          `${logPlayer(event.defuser)} triggered "Begin_Bomb_Defuse_${this.rng.chance(0.7) ? "With" : "Without"}_Kit"`,
        );
        return;
      case "roundEnd":
        return this.roundEnd(event.winner, event.reason);
      case "matchOver":
        return this.gameOver();
      case "chat":
        this.write(`${logPlayer(event.player)} say${event.team ? "_team" : ""} "${event.message}"`);
        return;
    }
  }

  private tally(p: SimPlayer): Tally {
    // By who the player is: a reconnect gets a new userid but keeps the map's numbers.
    const key = p.isBot ? `bot:${p.name}` : p.steamId;
    let t = this.tallies.get(key);
    if (!t) {
      t = freshTally(this.startMoney());
      this.tallies.set(key, t);
    }
    return t;
  }

  private startMoney(): number {
    return this.world.cvars.int("mp_startmoney") || 800;
  }

  private playing(): SimPlayer[] {
    return this.world.connected().filter((p) => p.side === "CT" || p.side === "T");
  }

  private connected(p: SimPlayer): void {
    const plain = `"${p.name}<${p.userId}><${steam3(p)}><>"`;
    this.write(`${plain} connected, address "${p.isBot ? "" : p.address}"`);
    if (!p.isBot) this.write(`${plain} STEAM USERID validated`);
    this.write(`${plain} entered the game`);
    const to = teamOf(p.side);
    if (to) {
      this.write(
        `"${p.name}<${p.userId}><${steam3(p)}>" switched from team <Unassigned> to <${to}>`,
      );
    }
  }

  private matchStatus(): void {
    const w = this.world.wireMatch();
    for (const [side, name] of [
      ["CT", w.teamCT],
      ["TERRORIST", w.teamT],
    ] as const) {
      this.write(
        name
          ? `MatchStatus: Team playing "${side}": ${name}`
          : `MatchStatus: Team "${side}" is unset.`,
      );
    }
    const played = w.roundPhase === "warmup" ? -1 : w.scoreCT + w.scoreT;
    this.write(
      `MatchStatus: Score: ${w.scoreCT}:${w.scoreT} on map "${this.world.map}" RoundsPlayed: ${played}`,
    );
  }

  private live(): void {
    for (const name of LIVE_CVARS) {
      const value = this.world.cvars.get(name);
      if (value !== "") this.write(`server_cvar: "${name}" "${value}"`);
    }
    this.matchStarted = this.world.now;
    this.tallies.clear();
    this.write(`World triggered "Match_Start" on "${this.world.map}"`);
    this.matchStatus();
    this.roundStats();
    this.spawnAndBuy();
  }

  private freezeStart(): void {
    const m = this.world.match;
    this.write("Starting Freeze period");
    this.roundFirstKill = true;
    for (const p of this.playing()) {
      const t = this.tally(p);
      t.hp = 100;
      t.roundKills = 0;
    }
    // Round 1's block and buys come after Match_Start (the world goes live right after this).
    if (m.round <= 1) return;
    this.roundStats();
    this.matchStatus();
    this.spawnAndBuy();
    if (this.rng.chance(0.4)) {
      const humans = this.playing().filter((p) => !p.isBot);
      if (humans.length > 0) {
        const speaker = this.rng.pick(humans);
        const line = this.rng.pick(CHAT);
        const team = this.rng.chance(0.6);
        const report = this.reportLine(speaker);
        if (report) this.world.playerSay(speaker, report);
        else this.world.playerSay(speaker, line, team);
      }
    }
  }

  /** CS2's `round_stats` block: the map's totals before the round about to be played. */
  private roundStats(): void {
    const m = this.world.match;
    const rows = this.playing().map((p, i) => {
      const t = this.tally(p);
      const account = p.isBot ? 0 : Number(BigInt(p.steamId) - 76561197960265728n);
      const rounds = Math.max(1, m.scoreCT + m.scoreT);
      const cells = [
        account,
        p.side === "CT" ? 3 : 2,
        t.money,
        t.kills,
        t.deaths,
        t.assists,
        t.damage.toFixed(2),
        (t.kills > 0 ? (100 * t.headshots) / t.kills : 0).toFixed(2),
        (t.deaths > 0 ? t.kills / t.deaths : t.kills).toFixed(2),
        Math.round(t.damage / rounds),
        t.mvps,
        t.enemiesFlashed,
        t.utilityDamage,
        t.k3,
        t.k4,
        t.k5,
        t.clutchKills,
        t.firstKills,
        t.pistolKills,
        t.sniperKills,
        0,
        0,
        t.fireDamage,
        t.kills,
        0,
        0,
      ].map((c) => String(c).padStart(7));
      return `"player_${i + 1}" : "${cells.join(",")}",`;
    });
    this.write("JSON_BEGIN{");
    this.write(`"name": "round_stats",`);
    this.write(`"round_number" : "${m.round}",`);
    this.write(`"score_t" : "${m.scoreT}",`);
    this.write(`"score_ct" : "${m.scoreCT}",`);
    this.write(`"map" : "${this.world.map}",`);
    this.write(`"server" : "${this.world.cvars.get("hostname").replace(/["\\]/g, "")}",`);
    this.write(
      `"fields" : "${"accountid,team,money,kills,deaths,assists,dmg,hsp,kdr,adr,mvp,ef,ud,3k,4k,5k,clutchk,firstk,pistolk,sniperk,blindk,bombk,firedmg,uniquek,dinks,chickenk"
        .split(",")
        .map((f) => f.padStart(7))
        .join(",")}",`,
    );
    this.write(`"players" : {`);
    for (const row of rows) this.write(row);
    this.write("}}JSON_END");
  }

  private moneyChange(p: SimPlayer, delta: number, purchase?: string): void {
    const t = this.tally(p);
    const before = t.money;
    const max = this.world.cvars.int("mp_maxmoney") || 16_000;
    t.money = Math.max(0, Math.min(max, before + delta));
    const sign = delta < 0 ? `-${-delta}` : `+${delta}`;
    this.write(
      `${logPlayer(p)} money change ${before}${sign} = $${t.money} (tracked)${purchase ? ` (purchase: ${purchase})` : ""}`,
    );
  }

  private buy(p: SimPlayer, item: string, price: number): void {
    const t = this.tally(p);
    if (t.money < price) return;
    const store = item.startsWith("item_") ? item : `weapon_${item}`;
    this.moneyChange(p, -price, store);
    const picked =
      item === "item_assaultsuit" ? "vesthelm" : item === "item_kevlar" ? "vest" : item;
    this.write(`${logPlayer(p)} picked up "${picked}"`);
    this.write(`${logPlayer(p)} purchased "${item}"`);
    t.carries.push(picked);
  }

  /** Spawns (knife, pistol, the bomb for one T) and each player's buy by their money. */
  private spawnAndBuy(): void {
    const players = this.playing();
    for (const p of players) {
      const t = this.tally(p);
      t.carries = [];
      this.write(`${logPlayer(p)} picked up "knife"`);
      this.write(`${logPlayer(p)} picked up "${PISTOL[p.side as Side]}"`);
    }
    const ts = players.filter((p) => p.side === "T");
    if (ts.length > 0) {
      const carrier = this.rng.pick(ts);
      this.write(`${logPlayer(carrier)} picked up "c4"`);
      this.write(`${logPlayer(carrier)} triggered "Got_The_Bomb"`);
    }
    for (const p of players) {
      const side = p.side as Side;
      const t = this.tally(p);
      const [rifle, price] = RIFLE[side];
      if (t.money >= price + 1000) {
        this.buy(p, "item_assaultsuit", 1000);
        this.buy(p, rifle, price);
      } else if (t.money >= 1350) {
        this.buy(p, "item_kevlar", 650);
        this.buy(p, "deagle", PRICES.deagle!);
      } else if (t.money >= 300 && this.rng.chance(0.5)) {
        this.buy(p, "p250", PRICES.p250!);
      }
      for (const nade of GRENADES) {
        if (nade === (side === "T" ? "incgrenade" : "molotov")) continue;
        if (t.money >= 1000 && this.rng.chance(0.45)) this.buy(p, nade, PRICES[nade]!);
      }
    }
  }

  private roundStart(): void {
    this.write(`World triggered "Round_Start"`);
    for (const p of this.playing()) {
      const t = this.tally(p);
      const gear = [
        "weapon_knife",
        `weapon_${PISTOL[p.side as Side]}`,
        ...t.carries.map((c) => `weapon_${c}`),
      ];
      this.write(`${logPlayer(p)} left buyzone with [ ${gear.join(" ")} ]`);
    }
  }

  private position(): string {
    const c = () => this.rng.int(-2500, 2500);
    return `[${c()} ${c()} ${this.rng.int(-400, 200)}]`;
  }

  /** One hit, as CS2 logs it; returns the health it took. */
  private attack(attacker: SimPlayer, victim: SimPlayer, weapon: string, damage: number): number {
    const v = this.tally(victim);
    const dealt = Math.max(0, Math.min(v.hp, damage));
    v.hp -= dealt;
    const a = this.tally(attacker);
    if (attacker.side !== victim.side) {
      a.damage += dealt;
      if (weapon === "hegrenade" || weapon === "molotov" || weapon === "inferno") {
        a.utilityDamage += dealt;
        if (weapon === "inferno") a.fireDamage += dealt;
      }
    }
    const group =
      weapon === "inferno" || weapon === "hegrenade" ? "generic" : this.rng.pick(HITGROUPS);
    this.write(
      `${logPlayer(attacker)} ${this.position()} attacked ${logPlayer(victim)} ${this.position()} with "${weapon}" (damage "${damage}") (damage_armor "${this.rng.int(0, 12)}") (health "${v.hp}") (armor "${this.rng.int(0, 100)}") (hitgroup "${group}")`,
    );
    return dealt;
  }

  /** Grenades around a fight: a throw (with CS2's debug line), the blinds of a flash. */
  private utility(thrower: SimPlayer): void {
    const nade = this.rng.pick(["flashbang", "flashbang", "smokegrenade", "hegrenade", "molotov"]);
    const v = () => (this.rng.next() * 2000 - 1000).toFixed(3);
    this.write(
      `${logPlayer(thrower)} sv_throw_${nade} ${v()} ${v()} ${v()} 0.000 0.000 0.000 ${v()} ${v()} ${v()}`,
    );
    const entity = this.rng.int(100, 900);
    this.write(
      `${logPlayer(thrower)} threw ${nade} ${this.position()}${nade === "flashbang" ? ` flashbang entindex ${entity})` : ""}`,
    );
    if (nade === "molotov") {
      this.write(
        `Molotov projectile spawned at ${v()} ${v()} ${v()}, velocity ${v()} ${v()} ${v()}`,
      );
    }
    if (nade === "flashbang") {
      for (const p of this.playing().filter((p) => p.alive && this.rng.chance(0.45))) {
        if (p.side !== thrower.side) this.tally(thrower).enemiesFlashed++;
        this.write(
          `${logPlayer(p)} blinded for ${(this.rng.next() * 4).toFixed(2)} by ${logPlayer(thrower)} from flashbang entindex ${entity} `,
        );
      }
    }
  }

  private kill({ killer, victim, weapon, headshot, assister, assistDamage }: SimKill): void {
    if (this.rng.chance(0.8)) this.utility(this.rng.pick([killer, victim]));
    // Hits that did not kill, elsewhere on the map, and the victim's return fire.
    const alive = this.playing().filter((p) => p.alive && p !== victim);
    for (let hits = this.rng.int(1, 4); hits > 0; hits--) {
      const shooter = this.rng.pick(alive.length > 0 ? alive : [killer]);
      const targets = alive.filter((p) => p.side !== shooter.side);
      if (targets.length === 0) break;
      const target = this.rng.pick(targets);
      const hp = this.tally(target).hp;
      const gun = shooter === killer ? weapon : shooter.lastWeaponUsed || "glock";
      if (hp > 1) this.attack(shooter, target, gun, this.rng.int(1, Math.min(hp - 1, 40)));
    }
    if (this.rng.chance(0.6) && this.tally(killer).hp > 1) {
      const hp = this.tally(killer).hp;
      const gun = victim.lastWeaponUsed || "glock";
      this.attack(victim, killer, gun, this.rng.int(1, Math.min(hp - 1, 35)));
    }
    if (assister) {
      this.attack(assister, victim, assister.lastWeaponUsed || "glock", assistDamage ?? 50);
    }
    // The killer's hits: whatever health is left, in one to three.
    for (let hits = this.rng.int(1, 3); hits > 1 && this.tally(victim).hp > 30; hits--) {
      this.attack(killer, victim, weapon, this.rng.int(10, 30));
    }
    const left = this.tally(victim).hp;
    this.attack(killer, victim, weapon, Math.max(left, this.rng.int(left, left + 60)));
    const flags = [
      headshot && "headshot",
      PISTOLS.has(weapon) || weapon.startsWith("m4") || weapon === "ak47"
        ? this.rng.chance(0.12) && "penetrated"
        : false,
      SNIPERS.has(weapon) && this.rng.chance(0.2) && "noscope",
      this.rng.chance(0.05) && "throughsmoke",
    ].filter(Boolean);
    this.write(
      `${logPlayer(killer)} ${this.position()} killed ${logPlayer(victim)} ${this.position()} with "${weapon}"${flags.length > 0 ? ` (${flags.join(" ")})` : ""}`,
    );
    if (assister) this.write(`${logPlayer(assister)} assisted killing ${logPlayer(victim)}`);
    const k = this.tally(killer);
    const d = this.tally(victim);
    if (killer.side !== victim.side) {
      k.kills++;
      k.roundKills++;
      if (headshot) k.headshots++;
      if (PISTOLS.has(weapon)) k.pistolKills++;
      if (SNIPERS.has(weapon)) k.sniperKills++;
      if (this.roundFirstKill) k.firstKills++;
      if (this.playing().filter((p) => p.alive && p.side === killer.side).length === 1) {
        k.clutchKills++;
      }
      this.moneyChange(killer, weapon === "knife" ? 1500 : SNIPERS.has(weapon) ? 100 : 300);
    }
    this.roundFirstKill = false;
    d.deaths++;
    if (assister) this.tally(assister).assists++;
  }

  private roundEnd(winner: Side, reason: RoundEndReason): void {
    const m = this.world.match;
    const side = winner === "CT" ? "CT" : "TERRORIST";
    this.write(
      `Team "${side}" triggered "SFUI_Notice_${roundNotice(reason, winner)}" (CT "${m.scoreCT}") (T "${m.scoreT}")`,
    );
    const players = this.playing();
    const count = (s: Side) => players.filter((p) => p.side === s).length;
    this.write(`Team "CT" scored "${m.scoreCT}" with "${count("CT")}" players`);
    this.write(`Team "TERRORIST" scored "${m.scoreT}" with "${count("T")}" players`);
    this.matchStatus();
    this.write(`World triggered "Round_End"`);
    const best = players
      .filter((p) => p.side === winner)
      .sort((a, b) => this.tally(b).roundKills - this.tally(a).roundKills)[0];
    if (best) this.tally(best).mvps++;
    for (const p of players) {
      const t = this.tally(p);
      if (t.roundKills === 3) t.k3++;
      else if (t.roundKills === 4) t.k4++;
      else if (t.roundKills >= 5) t.k5++;
      if (p.side === winner) {
        t.lossStreak = 0;
        this.moneyChange(p, reason === "bombed" || reason === "defused" ? 3500 : 3250);
      } else {
        t.lossStreak = Math.min(4, t.lossStreak + 1);
        this.moneyChange(p, 1400 + 500 * (t.lossStreak - 1));
      }
    }
  }

  private swapped(): void {
    // CS2 moves everyone to the other side at halftime; the money goes back to the start.
    for (const p of this.playing()) {
      const from = p.side === "CT" ? "TERRORIST" : "CT";
      this.write(
        `"${p.name}<${p.userId}><${steam3(p)}>" switched from team <${from}> to <${teamOf(p.side)}>`,
      );
      const t = this.tally(p);
      t.money = this.startMoney();
      t.lossStreak = 0;
    }
    this.matchStatus();
  }

  private gameOver(): void {
    const m = this.world.match;
    const players = this.playing();
    for (const [pos, name] of ACCOLADES.entries()) {
      const p = players[pos % Math.max(1, players.length)];
      if (!p) break;
      this.write(
        `ACCOLADE, FINAL: {${name}},\t${p.name}<${p.userId}>,\tVALUE: ${this.rng.int(1, 30)}.000000,\tPOS: 1,\tSCORE: ${(this.rng.next() * 10).toFixed(6)}`,
      );
    }
    const minutes = Math.round((this.world.now - (this.matchStarted ?? this.world.now)) / 60_000);
    this.write(
      `Game Over: competitive  ${this.world.map} score ${m.scoreCT}:${m.scoreT} after ${minutes} min`,
    );
  }
}
