import { describe, expect, test } from "vitest";
import { normalizeBackups, parseBackupList, withScores } from "./backups";

describe("round backups as the server lists them", () => {
  test("the console's list: file names with rounds played, sorted, anything else ignored", () => {
    const text = [
      "Round backup files:",
      "  backup_round03.txt",
      "  backup_round01.txt",
      "  matchzy_12_0_round02.txt",
      '  "evil;quit_round04.txt"',
      "  backup_round05.cfg",
    ].join("\n");
    expect(parseBackupList(text)).toEqual([
      { file: "backup_round01.txt", round: 1 },
      { file: "matchzy_12_0_round02.txt", round: 2 },
      { file: "backup_round03.txt", round: 3 },
    ]);
    expect(parseBackupList("No backup files found.")).toEqual([]);
  });

  test("the plugin's list is bounded and its names checked like the console's", () => {
    const files = Array.from({ length: 200 }, (_, i) => ({
      file: `backup_round${String(i).padStart(2, "0")}.txt`,
      round: i,
      scoreCT: 1e9,
      scoreT: 1,
    }));
    const got = normalizeBackups({ auto: true, files: [...files, { file: "../x_round1.txt" }] });
    expect(got.auto).toBe(true);
    expect(got.files).toHaveLength(60);
    expect(got.files.at(-1)).toEqual({
      file: "backup_round199.txt",
      round: 199,
      scoreCT: 999,
      scoreT: 1,
    });
    expect(normalizeBackups("nope")).toEqual({ auto: null, files: [] });
  });

  test("scores the console does not print come from the round log", () => {
    const marks = [
      { round: 1, scoreCT: 1, scoreT: 0 },
      { round: 2, scoreCT: 1, scoreT: 1 },
    ];
    expect(
      withScores(
        [
          { file: "backup_round00.txt", round: 0 },
          { file: "backup_round02.txt", round: 2 },
          { file: "backup_round03.txt", round: 3 },
        ],
        marks,
      ),
    ).toEqual([
      { file: "backup_round00.txt", round: 0, scoreCT: 0, scoreT: 0 },
      { file: "backup_round02.txt", round: 2, scoreCT: 1, scoreT: 1 },
      { file: "backup_round03.txt", round: 3 },
    ]);
  });
});
