/** Launch readiness: which participants are on the target server, matched by nickname. */
import type { TournamentState } from "./tournament";

/** Steam names are matched as launch places players: trimmed, case-insensitive. */
function key(name: string) {
  return name.trim().normalize("NFC").toLowerCase();
}

export function readinessOf(
  t: Pick<TournamentState, "teamA" | "teamB">,
  onServer: readonly { name: string }[],
  updatedAt: number | null,
) {
  const present = new Set(onServer.map((p) => key(p.name)));
  const players = (["teamA", "teamB"] as const).flatMap((team) =>
    t[team].players.map((p) => ({
      nickname: p.nickname,
      team,
      connected: present.has(key(p.nickname)),
    })),
  );
  return {
    players,
    connected: players.filter((p) => p.connected).length,
    total: players.length,
    updatedAt,
  };
}
