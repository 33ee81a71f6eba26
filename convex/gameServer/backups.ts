/**
 * CS2's round backups as the game server reports them: `mp_backup_restore_list_files` over the
 * console (RCON, proxy; MatchZy's files are listed the same way) or the plugin's
 * `GET /private/backups`. A file is `<prefix>_roundNN.txt`, NN the rounds played when it was
 * written; loading it puts the match at the start of round NN + 1. The console does not print a
 * file's score: the panel takes it from its own round log, where it knows it.
 */
import { gameNumber, gameText } from "../lib/gameBounds";
import { ACTION_TEXTS } from "../lib/texts/actions";
import { wordedIn, type Worded } from "../lib/wording";

export interface RoundBackupFile {
  file: string;
  /** Rounds played when it was written. */
  round: number;
  scoreCT?: number;
  scoreT?: number;
}

/** Files kept from one answer: a map's rounds, overtime included. */
export const BACKUP_FILES_MAX = 60;

/** A backup file's name as CS2 and MatchZy write it; nothing that could split a console line. */
export const BACKUP_FILE_RE = /^[A-Za-z0-9_.-]{1,96}_round(\d{1,4})\.txt$/;

function fileOf(name: string): RoundBackupFile | null {
  const m = BACKUP_FILE_RE.exec(name);
  return m ? { file: name, round: gameNumber(m[1], "round") } : null;
}

/**
 * What the console is asked for a list: whether CS2 writes backups now (`name = value`), then the
 * files. The plugin answers both in one `GET /private/backups`.
 */
export const BACKUP_LIST_COMMANDS = [
  "mp_backup_round_auto",
  "mp_backup_restore_list_files",
] as const;

/** What turns CS2's round backups on; the console prints nothing when it takes it. */
export const BACKUPS_ON_COMMAND = "mp_backup_round_auto 1";

/**
 * A console line CS2 answered without setting it: on a workshop map, unless the server runs with
 * `-disable_workshop_command_filtering`, it refuses most cvars with `DISALLOWED WORKSHOP CONVAR:
 * <name>`. Its own words, for the panel to quote; undefined when the output shows no refusal.
 */
export function convarRefusal(output: string): string | undefined {
  const line = output.split("\n").find((l) => /disallowed/i.test(l));
  return line ? line.trim().slice(0, 200) : undefined;
}

/**
 * MatchZy keeps its own backup of each round beside CS2's file, `MatchZyDataBackup/<same
 * name>.json` (rosters, team names, the match id and CS2's file inside), and its
 * `matchzy_loadbackup` takes that name. A file of another prefix is not MatchZy's: sent as it is.
 */
export function matchzyBackupName(file: string): string {
  return file.startsWith("matchzy_") ? file.replace(/\.txt$/, ".json") : file;
}

/**
 * A load the console answered without doing it: CS2 and MatchZy print their refusals (no such
 * file, another map's file) as text. Undefined when the output shows none.
 */
export function backupRefusal(output: string): Worded | undefined {
  const said = output.trim().slice(0, 300);
  return /fail|not found|does not exist|could not|couldn't|unable|invalid|is for /i.test(said)
    ? wordedIn(ACTION_TEXTS, "refusal.actions.backupRefused", { said })
    : undefined;
}

/** The console's list: every token that is a backup file's name, newest (highest round) last. */
export function parseBackupList(text: string): RoundBackupFile[] {
  const files = new Map<string, RoundBackupFile>();
  for (const token of text.split(/\s+/, 2000)) {
    const file = fileOf(token.replace(/^["']|["']$/g, ""));
    if (file) files.set(file.file, file);
  }
  return sorted([...files.values()]);
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/** The plugin's `{ auto, files: [{ file, round, scoreCT, scoreT }] }`; bounded, names checked. */
export function normalizeBackups(raw: unknown): { auto: boolean | null; files: RoundBackupFile[] } {
  if (!isObject(raw)) return { auto: null, files: [] };
  const files: RoundBackupFile[] = [];
  for (const x of Array.isArray(raw.files) ? raw.files.slice(0, 500) : []) {
    if (!isObject(x)) continue;
    const file = fileOf(gameText(x.file, "map"));
    if (!file) continue;
    files.push({
      ...file,
      ...(x.scoreCT !== undefined && x.scoreT !== undefined
        ? { scoreCT: gameNumber(x.scoreCT, "teamScore"), scoreT: gameNumber(x.scoreT, "teamScore") }
        : {}),
    });
  }
  return { auto: typeof raw.auto === "boolean" ? raw.auto : null, files: sorted(files) };
}

function sorted(files: RoundBackupFile[]): RoundBackupFile[] {
  return files
    .sort((a, b) => a.round - b.round || a.file.localeCompare(b.file))
    .slice(-BACKUP_FILES_MAX);
}

/**
 * Each file with the score the players will see after loading it: the server's own figure, else
 * the panel's round log (the mark of the round played last before it), else unknown.
 */
export function withScores(
  files: RoundBackupFile[],
  marks: { round: number; scoreCT?: number; scoreT?: number }[],
): RoundBackupFile[] {
  const byRound = new Map(marks.map((m) => [m.round, m]));
  return files.map((f) => {
    if (f.scoreCT !== undefined) return f;
    if (f.round === 0) return { ...f, scoreCT: 0, scoreT: 0 };
    const mark = byRound.get(f.round);
    return mark?.scoreCT !== undefined && mark.scoreT !== undefined
      ? { ...f, scoreCT: mark.scoreCT, scoreT: mark.scoreT }
      : f;
  });
}
