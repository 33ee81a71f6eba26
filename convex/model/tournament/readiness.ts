/**
 * Launch readiness: which participants are on the target server, matched by SteamID for seats
 * bound to one (a name proves nothing there) and by nickname otherwise, as launch places them.
 */
import type { TournamentState } from "./state";

/** Steam names are matched as launch places players: trimmed, case-insensitive. */
function key(name: string) {
  return name.trim().normalize("NFC").toLowerCase();
}

export function readinessOf(
  t: Pick<TournamentState, "teamA" | "teamB">,
  onServer: readonly { name: string; steamId: string }[],
  updatedAt: number | null,
) {
  const present = new Set(onServer.map((p) => key(p.name)));
  const steamIds = new Set(onServer.map((p) => p.steamId));
  const players = (["teamA", "teamB"] as const).flatMap((team) =>
    t[team].players.map((p) => ({
      nickname: p.nickname,
      team,
      connected: p.steamId ? steamIds.has(p.steamId) : present.has(key(p.nickname)),
    })),
  );
  return {
    players,
    connected: players.filter((p) => p.connected).length,
    total: players.length,
    updatedAt,
  };
}
