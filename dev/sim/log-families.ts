/**
 * CS2 log lines sorted into families by form (a kill, a hit, a purchase, the round_stats block,
 * an RCON echo…), so a simulated log can be compared with real ones: which families it writes and
 * how many lines of each a played round has. Names and chat are free text, so a player's part is
 * matched as CS2 closes it (`<userid><id><team>"`).
 */

const P = String.raw`"[^\n]*?<\d+><[^>]*><[^>]*>"`;

export const LOG_FAMILIES: readonly (readonly [string, RegExp])[] = [
  ["rcon", /^rcon from /],
  ["kill", new RegExp(String.raw`^${P} \[[^\]]*\] killed ${P}`)],
  ["killOther", / killed other /],
  ["attacked", / attacked /],
  ["assist", / (?:flash-)?assisted killing /],
  ["purchase", / purchased "/],
  ["money", / money change /],
  ["pickup", / picked up "/],
  ["buyzone", / left buyzone with /],
  ["threw", / threw /],
  ["blinded", / blinded for /],
  ["suicide", / committed suicide /],
  ["say", new RegExp(String.raw`^${P} say(?:_team)? "`)],
  ["playerTriggered", new RegExp(String.raw`^${P} triggered "`)],
  ["world", /^World triggered /],
  ["teamTriggered", /^Team "[A-Z]+" triggered /],
  ["teamScored", /^Team "[A-Z]+" scored /],
  ["matchStatus", /^MatchStatus: /],
  ["teamPlaying", /^Team playing /],
  ["roundStats", /^(?:JSON_BEGIN\{|\}\}JSON_END|"[a-z_0-9]+" ?: )/],
  ["freeze", /^Starting Freeze period/],
  ["cvar", /^server_cvar: |^"[a-z_0-9]+" = "/],
  ["connected", / connected, address /],
  ["entered", / entered the game/],
  ["switched", / switched from team /],
  ["disconnected", / disconnected \(reason/],
  ["validated", / STEAM USERID validated/],
  ["gameOver", /^Game Over: /],
  ["accolade", /^ACCOLADE/],
  ["pause", /^Match pause is /],
  ["throwDebug", / sv_throw_/],
  ["molotov", /^Molotov projectile spawned/],
];

export function familyOf(line: string): string {
  for (const [name, re] of LOG_FAMILIES) if (re.test(line)) return name;
  return "other";
}

/** A log line's text without its stamp: the file form (`L …: `) or the HTTP form (`… .mmm - `). */
const STAMP = /^(?:L )?\d{2}\/\d{2}\/\d{4} - \d{2}:\d{2}:\d{2}(?:\.\d{3} - |: )/;

export function unstamped(text: string): string[] {
  return text.split("\n").flatMap((raw) => {
    const m = STAMP.exec(raw);
    return m ? [raw.slice(m[0].length)] : [];
  });
}

export interface PlayedVolume {
  rounds: number;
  /** Lines and bytes per played round, RCON echoes left out (they depend on who polls). */
  linesPerRound: number;
  bytesPerRound: number;
  /** Lines of each family per played round. */
  families: Map<string, number>;
}

/**
 * The volume of a log's last played map: from the `Match_Start` before its `Game Over` through
 * it, per round played (each `SFUI_Notice` line ends one).
 */
export function playedVolume(lines: string[]): PlayedVolume {
  const over = lines.findIndex((l) => l.startsWith("Game Over: "));
  const end = over < 0 ? lines.length - 1 : over;
  let start = 0;
  for (let i = end; i >= 0; i--) {
    if (lines[i]!.startsWith('World triggered "Match_Start"')) {
      start = i;
      break;
    }
  }
  const played = lines.slice(start, end + 1);
  const rounds = Math.max(1, played.filter((l) => l.includes('triggered "SFUI_Notice_')).length);
  const counts = new Map<string, number>();
  let kept = 0;
  let bytes = 0;
  for (const line of played) {
    const family = familyOf(line);
    counts.set(family, (counts.get(family) ?? 0) + 1);
    if (family === "rcon") continue;
    kept++;
    // The HTTP form's stamp and newline: 28 bytes a line.
    bytes += Buffer.byteLength(line) + 28;
  }
  const families = new Map([...counts].map(([k, n]) => [k, n / rounds] as const));
  return { rounds, linesPerRound: kept / rounds, bytesPerRound: bytes / rounds, families };
}
