/**
 * CS2's round backups: with `mp_backup_round_auto` on, the server writes a file at the start of
 * every round (`<mp_backup_round_file>_roundNN.txt`, NN = rounds played so far), holding the score,
 * the sides and the map; `mp_backup_restore_list_files` lists them and
 * `mp_backup_restore_load_file <file>` puts the match back at the start of that round. MatchZy's
 * `matchzy_loadbackup <file>` and the plugin API's `/private/backups` use the same files. The files
 * are on disk: they outlive a crash or restart of the process, which is what makes a crashed match
 * recoverable. Restoring leaves the match paused in freezetime (MatchZy's behaviour, and what an
 * admin wants: players get back in before the round runs).
 */
import { otherSide, type Side } from "../../convex/lib/side";
import { playing } from "./match";
import { freshMatch } from "./match-state";
import type { GameWorld } from "./world";

export interface RoundBackup {
  file: string;
  /** Rounds played when it was written: the restored match starts round `round + 1`. */
  round: number;
  scoreCT: number;
  scoreT: number;
  team1Side: Side;
  map: string;
  /** When it was written (clock ms). */
  at: number;
}

/** Files kept: CS2 overwrites by round number, so a map never holds more than its rounds. */
const MAX_FILES = 60;

export class RoundBackups {
  private readonly files = new Map<string, RoundBackup>();

  constructor(private readonly world: GameWorld) {
    world.onMatchEvent((event) => {
      if (event.type === "roundStart") this.write();
    });
  }

  /** Written at the start of each live round, when `mp_backup_round_auto` is on. */
  private write(): void {
    const w = this.world;
    if (!w.cvars.bool("mp_backup_round_auto")) return;
    const m = w.match;
    const round = Math.max(0, m.round - 1);
    const prefix = w.cvars.get("mp_backup_round_file") || "backup";
    const file = `${prefix}_round${String(round).padStart(2, "0")}.txt`;
    this.files.delete(file);
    this.files.set(file, {
      file,
      round,
      scoreCT: m.scoreCT,
      scoreT: m.scoreT,
      team1Side: m.team1Side,
      map: w.map,
      at: w.now,
    });
    while (this.files.size > MAX_FILES) this.files.delete(this.files.keys().next().value!);
  }

  list(): RoundBackup[] {
    return [...this.files.values()];
  }

  /** `mp_backup_restore_list_files`: one file a line, newest last. */
  listText(): string {
    const files = this.list();
    if (files.length === 0) return "No backup files found.";
    return ["Round backup files:", ...files.map((b) => `  ${b.file}`)].join("\n");
  }

  /**
   * Puts the match back at the start of the round the file was written in, paused. Returns the
   * console's line, an error line when the file is unknown or belongs to another map (MatchZy's
   * load, `loadsMap`, changes to its map first).
   */
  restore(
    file: string | undefined,
    { loadsMap = false }: { loadsMap?: boolean } = {},
  ): { ok: boolean; text: string } {
    const b = file ? this.files.get(file) : undefined;
    if (!file || !b) return { ok: false, text: `Failed to load backup file "${file ?? ""}"` };
    const w = this.world;
    // MatchZy changes to the backup's map itself before loading it; CS2's own load refuses.
    if (b.map !== w.map && loadsMap) w.changeMap(b.map);
    if (b.map !== w.map) {
      return { ok: false, text: `Backup file ${file} is for ${b.map}, not ${w.map}` };
    }
    if (w.match.team1Side !== b.team1Side) {
      for (const p of playing(w)) if (p.side !== "SPEC") p.side = otherSide(p.side);
    }
    w.match = {
      ...freshMatch(),
      phase: "paused",
      pausedFrom: "freezetime",
      round: b.round + 1,
      scoreCT: b.scoreCT,
      scoreT: b.scoreT,
      team1Side: b.team1Side,
      tickedAt: w.now,
    };
    for (const p of playing(w)) p.alive = true;
    return {
      ok: true,
      text: `Restored round backup ${file}: round ${b.round + 1}, ${b.scoreCT}:${b.scoreT}`,
    };
  }
}
