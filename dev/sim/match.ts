/**
 * One simulated second of a CS2 match per tick: warmup → (freezetime → live → over) × rounds,
 * halftime side swap, match end at mp_maxrounds, then a fresh match. Players join, leave and
 * switch sides now and then. Every random choice comes from the world's seeded Rng.
 */
import { CT_WEAPONS, PISTOLS, SHARED_WEAPONS, T_WEAPONS } from "./catalog";
import { otherSide } from "../../convex/lib/side";
import { type PlayingSide, type SimPlayer } from "./players";
import { freshMatch } from "./match-state";
import { type GameWorld, type RoundEndReason } from "./world";

/** Game time one tick stands for, whatever the real tick interval. */
export const TICK_SIM_MS = 1000;
/** The round the per-tick chances below were tuned for: 12 s live (mp_roundtime 0.2). */
const BASE_LIVE_TICKS = 12;
const DM_LIVE_TICKS = 60;
const MATCH_OVER_TICKS = 5;
const BOMB_TICKS = 5;

/**
 * How much longer than the base round a round lasts: `mp_roundtime` (minutes) sets the live phase,
 * as on CS2. The simulator's default (0.2) keeps tests and the demo quick; CS2's competitive 1.92
 * gives pace 9.6, and then every per-tick chance (kills, utility, plants, joins and leaves) is
 * divided by it and every duration multiplied, so a round has as many events, spread like a real
 * one, and a match takes as long as a real one (the benchmark plays it so).
 */
function pace(world: GameWorld): number {
  return liveTicks(world) / BASE_LIVE_TICKS;
}

function liveTicks(world: GameWorld): number {
  return Math.max(1, Math.round(Number.parseFloat(world.cvars.get("mp_roundtime")) * 60) || 1);
}

/** A chance per tick, tuned for the base round, at this world's pace. */
function chance(world: GameWorld, p: number): boolean {
  return world.rng.chance(p / pace(world));
}

export function tick(world: GameWorld): void {
  const m = world.match;
  for (const p of world.connected()) p.playMs += TICK_SIM_MS;
  m.tickedAt = world.now;
  if (m.phase === "paused") return churn(world);
  m.phaseTicks++;
  switch (m.phase) {
    case "warmup":
      if (
        !world.cvars.bool("mp_warmup_pausetimer") &&
        m.phaseTicks >= world.cvars.int("mp_warmuptime")
      ) {
        endWarmup(world);
      }
      break;
    case "freezetime":
      if (m.phaseTicks >= world.cvars.int("mp_freezetime")) {
        setPhase(world, "live");
        world.emit({ type: "roundStart" });
      }
      break;
    case "live":
      liveTick(world);
      break;
    case "over":
      if (
        m.phaseTicks >= (m.matchOver ? MATCH_OVER_TICKS : world.cvars.int("mp_round_restart_delay"))
      ) {
        if (m.matchOver) newMatch(world);
        else startRound(world, m.round + 1);
      }
      break;
  }
  churn(world);
}

export function endWarmup(world: GameWorld): void {
  // Warmup frags never count, as in CS.
  world.resetStats();
  startRound(world, 1);
  world.emit({ type: "live" });
}

/** mp_restartgame: scores and stats reset, round 1 starts with freezetime. */
export function restartGame(world: GameWorld): void {
  const warmup = world.match.phase === "warmup" && world.match.pausedFrom === null;
  world.resetStats();
  world.match = freshMatch();
  if (!warmup) startRound(world, 1);
  else for (const p of playing(world)) p.alive = true;
}

export function newMatch(world: GameWorld): void {
  world.resetStats();
  world.match = freshMatch();
  for (const p of playing(world)) p.alive = true;
  world.emit({ type: "newMatch" });
}

export function pause(world: GameWorld): void {
  const m = world.match;
  if (m.phase === "paused") return;
  m.pausedFrom = m.phase;
  m.phase = "paused";
}

export function unpause(world: GameWorld): void {
  const m = world.match;
  if (m.phase !== "paused" || m.pausedFrom === null) return;
  m.phase = m.pausedFrom;
  m.pausedFrom = null;
}

/**
 * What the plugin's `/match` reports as the clocks: game seconds left in the phase (null while
 * paused or while warmup is held) and until the planted bomb explodes (null without one), to a
 * tenth, counting the part of a second since the last tick (as a plugin reads the game's clock).
 * A tick is one game second, so with the default 1 s tick these are real seconds.
 */
export function clocks(world: GameWorld): {
  timeLeftSec: number | null;
  bombTimeLeftSec: number | null;
} {
  const m = world.match;
  const since = m.tickedAt ? Math.min(1, Math.max(0, (world.now - m.tickedAt) / TICK_SIM_MS)) : 0;
  const left = (ticks: number) => Math.max(0, Math.round((ticks - m.phaseTicks - since) * 10) / 10);
  let timeLeftSec: number | null = null;
  switch (m.phase) {
    case "warmup":
      timeLeftSec = world.cvars.bool("mp_warmup_pausetimer")
        ? null
        : left(world.cvars.int("mp_warmuptime"));
      break;
    case "freezetime":
      timeLeftSec = left(world.cvars.int("mp_freezetime"));
      break;
    case "live":
      timeLeftSec = left(isDeathmatch(world) ? DM_LIVE_TICKS : liveTicks(world));
      break;
    case "over":
      timeLeftSec = left(
        m.matchOver ? MATCH_OVER_TICKS : world.cvars.int("mp_round_restart_delay"),
      );
      break;
    case "paused":
      break;
  }
  const bombTimeLeftSec =
    m.phase === "live" && m.bombPlanted
      ? Math.max(
          0,
          Math.round((Math.round(BOMB_TICKS * pace(world)) - m.bombTicks - since) * 10) / 10,
        )
      : null;
  return { timeLeftSec, bombTimeLeftSec };
}

function setPhase(world: GameWorld, phase: "live" | "freezetime" | "over"): void {
  world.match.phase = phase;
  world.match.phaseTicks = 0;
}

function startRound(world: GameWorld, round: number): void {
  const m = world.match;
  const half = Math.floor(world.maxRounds / 2);
  if (round === half + 1 && half > 0 && world.cvars.bool("mp_halftime")) swapSides(world);
  m.round = round;
  m.bombPlanted = false;
  m.bombTicks = 0;
  setPhase(world, "freezetime");
  for (const p of playing(world)) {
    p.alive = true;
    p.roundKills = 0;
  }
  world.emit({ type: "freezeStart" });
}

export function swapSides(world: GameWorld): void {
  for (const p of playing(world)) if (p.side !== "SPEC") p.side = otherSide(p.side);
  const m = world.match;
  [m.scoreCT, m.scoreT] = [m.scoreT, m.scoreCT];
  m.team1Side = otherSide(m.team1Side);
  world.emit({ type: "sidesSwapped" });
}

function isDeathmatch(world: GameWorld): boolean {
  return world.mode === "deathmatch" || world.mode === "arms_race";
}

function liveTick(world: GameWorld): void {
  const { rng, match: m } = world;
  const dm = isDeathmatch(world);
  const kills = dm
    ? (rng.chance(0.55) ? 1 : 0) + (rng.chance(0.15) ? 1 : 0) + (rng.chance(0.5) ? 1 : 0)
    : (chance(world, 0.55) ? 1 : 0) + (chance(world, 0.15) ? 1 : 0);
  for (let i = 0; i < kills; i++) killEvent(world, dm);
  utilityEvents(world);
  if (dm) {
    if (m.phaseTicks >= DM_LIVE_TICKS) {
      endRound(world, killsOf(world, "CT") >= killsOf(world, "T") ? "CT" : "T", "time");
    }
    return;
  }
  const aliveT = alive(world, "T");
  const aliveCT = alive(world, "CT");
  const slow = pace(world);
  if (!m.bombPlanted && aliveT.length > 0 && m.phaseTicks >= 3 * slow && chance(world, 0.2)) {
    const planter = rng.pick(aliveT);
    planter.stats.bombPlants++;
    planter.stats.score += 2;
    m.bombPlanted = true;
    world.emit({ type: "bombPlanted", planter });
    return;
  }
  if (m.bombPlanted) {
    m.bombTicks++;
    if (aliveCT.length > 0 && m.bombTicks >= 2 * slow && chance(world, 0.25)) {
      const defuser = rng.pick(aliveCT);
      defuser.stats.bombDefuses++;
      defuser.stats.score += 2;
      world.emit({ type: "bombDefused", defuser });
      return endRound(world, "CT", "defused", defuser);
    }
    if (m.bombTicks >= Math.round(BOMB_TICKS * slow)) return endRound(world, "T", "bombed");
    if (aliveCT.length === 0 && world.onSide("CT").length > 0) {
      return endRound(world, "T", "elimination");
    }
    return;
  }
  if (aliveT.length === 0 && world.onSide("T").length > 0) {
    return endRound(world, "CT", "elimination");
  }
  if (aliveCT.length === 0 && world.onSide("CT").length > 0) {
    return endRound(world, "T", "elimination");
  }
  if (m.phaseTicks >= liveTicks(world)) endRound(world, "CT", "time");
}

function killEvent(world: GameWorld, dm: boolean): void {
  const { rng } = world;
  const side = rng.chance(0.5) ? "T" : "CT";
  const killers = alive(world, side);
  const victims = alive(world, otherSide(side));
  if (killers.length === 0 || victims.length === 0) return;
  const killer = rng.pick(killers);
  const victim = rng.pick(victims);
  const weapon = pickWeapon(world, killer);
  const k = killer.stats;
  k.kills++;
  k.score += 2;
  killer.roundKills++;
  killer.lastWeaponUsed = weapon;
  let headshot = false;
  if (weapon === "knife") k.knifeKills++;
  else if (weapon === "taser") k.zeusKills++;
  else if (weapon === "hegrenade") {
    k.grenadeKills++;
    k.grenadeDamageDealt += 100;
  } else if (world.cvars.bool("mp_damage_headshot_only") || rng.chance(0.45)) {
    k.headshots++;
    headshot = true;
  }

  const mates = world.onSide(killer.side).filter((p) => p !== killer);
  const assister = mates.length > 0 && rng.chance(0.3) ? rng.pick(mates) : undefined;
  const assistDamage = assister ? rng.int(41, 90) : 0;
  if (assister) {
    assister.stats.assists++;
    assister.stats.score++;
    assister.stats.totalDamage += assistDamage;
  }
  k.totalDamage += 100 - assistDamage;
  victim.stats.deaths++;
  victim.lastWeaponUsed ||= pickWeapon(world, victim);
  // Deathmatch respawns at once; otherwise the victim sits out the rest of the round.
  victim.alive = dm;
  world.emit({
    type: "kill",
    kill: { killer, victim, weapon, headshot, ...(assister ? { assister, assistDamage } : {}) },
  });
}

function utilityEvents(world: GameWorld): void {
  const { rng } = world;
  const everyone = [...alive(world, "T"), ...alive(world, "CT")];
  if (everyone.length === 0) return;
  if (chance(world, 0.25)) rng.pick(everyone).stats.enemiesFlashed += rng.int(1, 3);
  if (chance(world, 0.15)) {
    const thrower = rng.pick(everyone);
    const damage = rng.int(8, 60);
    thrower.stats.grenadeDamageDealt += damage;
    thrower.stats.totalDamage += damage;
  }
  if (chance(world, 0.02)) rng.pick(everyone).stats.chickenKills++;
}

function pickWeapon(world: GameWorld, player: SimPlayer): string {
  const { rng, weaponPool } = world;
  if (weaponPool === "knife") return "knife";
  const r = rng.next();
  if (r < 0.03) return "knife";
  if (r < 0.05) return "taser";
  if (r < 0.08) return "hegrenade";
  if (weaponPool === "pistols") return rng.pick(PISTOLS);
  return rng.pick([...(player.side === "T" ? T_WEAPONS : CT_WEAPONS), ...SHARED_WEAPONS]);
}

function endRound(
  world: GameWorld,
  winner: PlayingSide,
  reason: RoundEndReason,
  mvp?: SimPlayer,
): void {
  const m = world.match;
  const favoured = world.roundsGoTo
    ? world.connected().find((p) => p.steamId === world.roundsGoTo)?.side
    : undefined;
  if (favoured === "CT" || favoured === "T") winner = favoured;
  if (winner === "CT") m.scoreCT++;
  else m.scoreT++;
  const best = mvp ?? bestOf(world.onSide(winner));
  if (best) best.stats.mvp++;
  for (const p of playing(world)) {
    p.stats.roundsPlayed++;
    countMultiKill(p);
  }
  const needed = Math.floor(world.maxRounds / 2) + 1;
  m.matchOver =
    m.scoreCT >= needed || m.scoreT >= needed || m.scoreCT + m.scoreT >= world.maxRounds;
  if (m.matchOver) {
    world.roundsGoTo = null;
    world.lastMap = {
      mapName: world.map,
      scoreCT: m.scoreCT,
      scoreT: m.scoreT,
      endedAt: new Date(world.now).toISOString(),
    };
  }
  setPhase(world, "over");
  world.emit({ type: "roundEnd", winner, reason });
  if (m.matchOver) world.emit({ type: "matchOver" });
}

/** CS2's Enemy2Ks..Enemy5Ks: rounds in which the player killed 2, 3, 4, or 5 or more. */
function countMultiKill(p: SimPlayer): void {
  const s = p.stats;
  if (p.roundKills === 2) s.enemy2Ks++;
  else if (p.roundKills === 3) s.enemy3Ks++;
  else if (p.roundKills === 4) s.enemy4Ks++;
  else if (p.roundKills >= 5) s.enemy5Ks++;
}

function bestOf(players: SimPlayer[]): SimPlayer | undefined {
  let best: SimPlayer | undefined;
  for (const p of players) {
    if (p.roundKills > 0 && (!best || p.roundKills > best.roundKills)) best = p;
  }
  return best;
}

function churn(world: GameWorld): void {
  const { rng } = world;
  const humans = world.connected().filter((p) => !p.isBot && p.side !== "SPEC");
  if (humans.length > 0 && chance(world, 0.008)) world.disconnect(rng.pick(humans));
  const away = world.players.filter((p) => !p.connected && !world.bans.isBanned(p.steamId));
  if (away.length > 0 && chance(world, 0.012)) world.reconnect(rng.pick(away), world.smallerSide());
  const humanCount = world.connected().filter((p) => !p.isBot).length;
  if (humanCount < world.maxPlayers && chance(world, 0.004)) {
    world.addPlayer(false, world.smallerSide());
  }
  const stayed = humans.filter((p) => p.connected);
  if (
    world.match.phase === "over" &&
    world.match.phaseTicks === 1 &&
    stayed.length > 0 &&
    rng.chance(0.05)
  ) {
    const mover = rng.pick(stayed);
    if (mover.side !== "SPEC") world.moveTo(mover, otherSide(mover.side));
  }
  world.fillBots();
}

export function playing(world: GameWorld): SimPlayer[] {
  return world.connected().filter((p) => p.side !== "SPEC");
}

function alive(world: GameWorld, side: PlayingSide): SimPlayer[] {
  return world.onSide(side).filter((p) => p.alive);
}

function killsOf(world: GameWorld, side: PlayingSide): number {
  return world.onSide(side).reduce((n, p) => n + p.roundKills, 0);
}
