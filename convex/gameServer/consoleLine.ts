/**
 * How the game's console splits a line into a command and its arguments: whitespace separates,
 * a double quote groups everything up to the next one (an unclosed quote runs to the end of the
 * line) and is not part of the token. Shared by the command layer (which checks the command the
 * console will actually run, not the raw text) and the simulator's console, so both read a line
 * the same way.
 */
export function consoleTokens(line: string): string[] {
  const tokens: string[] = [];
  const re = /"([^"]*)"?|(\S+)/g;
  for (let m = re.exec(line); m; m = re.exec(line)) tokens.push(m[1] ?? m[2] ?? "");
  return tokens;
}
