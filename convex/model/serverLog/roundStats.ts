/**
 * CS2's `round_stats` block: written as each round starts (and at a warmup, a restart or a restore),
 * it holds the scores and every player's totals for the map *before* that round. Its rows are
 * positional; the `fields` row names the columns, so they are read by name:
 *
 *   "round_number" : "13",  "score_t" : "11",  "score_ct" : "1",  "map" : "de_mirage",
 *   "fields" : "  accountid,   team,  money,  kills, deaths,assists,    dmg,    hsp, …",
 *   "player_3" : "  91379634,      2,    800,      9,     10,      5, 709.00,  11.11, …",
 *
 * `accountid` is the SteamID32 (0 for an empty slot or a bot), `team` 2 for T and 3 for CT.
 */
import type { Side } from "../../lib/side";
import { parseSteamId } from "../../lib/steamId";
import { GAME_NUMBERS } from "../../lib/gameBounds";
import { SCORE_MAX } from "./lines";

/** One player's totals for the map before the block's round. */
export interface RoundStatsPlayer {
  steamId: string;
  side?: Side;
  money: number;
  kills: number;
  deaths: number;
  assists: number;
  damage: number;
  /** Headshot kills (CS2 writes the percentage of kills). */
  headshots: number;
  adr: number;
  mvps: number;
  enemiesFlashed: number;
  utilityDamage: number;
  k3: number;
  k4: number;
  k5: number;
  clutchKills: number;
  firstKills: number;
}

export interface RoundStats {
  /** The round about to be played (1-based). */
  round: number;
  scoreCT: number;
  scoreT: number;
  map: string;
  players: RoundStatsPlayer[];
}

/** CS2's money cap is 16,000 by default; `mp_maxmoney` allows up to 65,535. */
const MONEY_MAX = 65_535;

const HEADER_RE = /^"([a-z_]{1,32})" ?: ?"([^"]{0,128})",?$/;
const FIELDS_RE = /^"fields" : "([a-z0-9_, ]{1,600})",?$/;
const ROW_RE = /^"player_(\d{1,3})" : "([0-9., -]{1,800})",?$/;

function num(text: string | undefined, max: number): number {
  if (text === undefined || !/^-?\d{1,10}(?:\.\d{1,6})?$/.test(text)) return 0;
  const n = Number(text);
  return n >= 0 && n <= max ? n : 0;
}

/** The block's rows (between JSON_BEGIN{ and }}JSON_END, without their stamps), or null. */
export function readRoundStats(rows: string[]): RoundStats | null {
  const header = new Map<string, string>();
  let fields: string[] | null = null;
  const values: string[][] = [];
  for (const row of rows) {
    const f = FIELDS_RE.exec(row);
    if (f) {
      fields = f[1]!.split(",").map((s) => s.trim());
      continue;
    }
    const r = ROW_RE.exec(row);
    if (r) {
      values.push(r[2]!.split(",").map((s) => s.trim()));
      continue;
    }
    const h = HEADER_RE.exec(row);
    if (h) header.set(h[1]!, h[2]!);
  }
  if (header.get("name") !== "round_stats" || !fields) return null;
  const round = num(header.get("round_number"), GAME_NUMBERS.round.max);
  const map = header.get("map") ?? "";
  if (round < 1 || !/^[a-z0-9_]{1,64}$/.test(map)) return null;
  const col = (name: string) => fields!.indexOf(name);
  const at = (cells: string[], name: string, max: number = GAME_NUMBERS.count.max) => {
    const i = col(name);
    return i < 0 ? 0 : num(cells[i], max);
  };
  const players: RoundStatsPlayer[] = [];
  for (const cells of values) {
    const account = at(cells, "accountid", 0xffff_ffff);
    if (account < 1 || !Number.isInteger(account)) continue;
    const id = parseSteamId(`[U:1:${account}]`);
    if (id.kind !== "id64" || players.some((p) => p.steamId === id.steamId)) continue;
    const team = at(cells, "team", 3);
    const kills = Math.round(at(cells, "kills"));
    const player: RoundStatsPlayer = {
      steamId: id.steamId,
      money: Math.round(at(cells, "money", MONEY_MAX)),
      kills,
      deaths: Math.round(at(cells, "deaths")),
      assists: Math.round(at(cells, "assists")),
      damage: Math.round(at(cells, "dmg", GAME_NUMBERS.damage.max)),
      headshots: Math.min(kills, Math.round((kills * at(cells, "hsp", 100)) / 100)),
      adr: Math.round(at(cells, "adr", GAME_NUMBERS.damage.max)),
      mvps: Math.round(at(cells, "mvp")),
      enemiesFlashed: Math.round(at(cells, "ef")),
      utilityDamage: Math.round(at(cells, "ud", GAME_NUMBERS.damage.max)),
      k3: Math.round(at(cells, "3k")),
      k4: Math.round(at(cells, "4k")),
      k5: Math.round(at(cells, "5k")),
      clutchKills: Math.round(at(cells, "clutchk")),
      firstKills: Math.round(at(cells, "firstk")),
    };
    if (team === 3) player.side = "CT";
    else if (team === 2) player.side = "T";
    players.push(player);
  }
  return {
    round,
    scoreCT: num(header.get("score_ct"), SCORE_MAX),
    scoreT: num(header.get("score_t"), SCORE_MAX),
    map,
    players,
  };
}
