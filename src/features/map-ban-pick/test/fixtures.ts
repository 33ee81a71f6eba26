import type { Id } from "@/lib/backend";
import type { Side } from "@/lib/backend";
import type { TeamKey, Tournament } from "../hooks/use-tournament";

export const POOL = [
  "de_inferno",
  "de_nuke",
  "de_overpass",
  "de_vertigo",
  "de_dogtown",
  "de_brewery",
];
export const SEQUENCE: Tournament["sequence"] = [
  { team: "teamA", action: "Ban" },
  { team: "teamB", action: "Ban" },
  { team: "teamA", action: "Ban" },
  { team: "teamB", action: "Ban" },
  { team: "teamB", action: "Ban" },
  { team: "teamA", action: "SidePick" },
];
const T0 = Date.UTC(2026, 10, 22, 18, 0, 0);

/** A fresh tournament nobody has joined. */
export function waiting(overrides: Partial<Tournament> = {}): Tournament {
  return {
    id: "t1" as Id<"tournaments">,
    slug: "abc234",
    name: null,
    archived: false,
    format: {
      preset: "default",
      teamSize: 2,
      mapPool: [...POOL],
      sequence: SEQUENCE,
      readyCheck: false,
      turnSeconds: 0,
      firstTeam: "teamA",
    },
    status: "waiting_for_teams",
    mapPool: [...POOL],
    remainingMaps: [...POOL],
    bannedMaps: [],
    pickedMaps: [],
    series: [],
    ready: [],
    deadline: undefined,
    pausedRemainingMs: undefined,
    launchedMaps: 0,
    seriesResults: [],
    seriesWinner: null,
    playingOn: null,
    teamA: { name: "Команда A", players: [] },
    teamB: { name: "Команда B", players: [] },
    sequence: SEQUENCE,
    currentStep: 0,
    turn: undefined,
    phase: undefined,
    finalMap: undefined,
    serverMap: undefined,
    finalSide: undefined,
    history: [],
    isLaunched: false,
    relaunchMap: null,
    launchedMode: undefined,
    createdAt: T0,
    ...overrides,
  };
}

/** Both teams full (Neo, Taras v Olena, Bohdan) and the first `bans` bans of the pool made. */
export function afterBans(bans: number): Tournament {
  const players = (names: string[]) => names.map((nickname, i) => ({ nickname, joinedAt: T0 + i }));
  const joins: Tournament["history"] = [
    ["teamA", "Neo"],
    ["teamA", "Taras"],
    ["teamB", "Olena"],
    ["teamB", "Bohdan"],
  ].map(([team, value], i) => ({
    at: T0 + i * 1000,
    team: team as TeamKey,
    action: "join" as const,
    value: value!,
  }));
  const bannedMaps = POOL.slice(0, bans).map((map, i) => ({ map, team: SEQUENCE[i]!.team }));
  const step = SEQUENCE[bans]!;
  const remaining = POOL.slice(bans);
  return waiting({
    status: "in_progress",
    teamA: { name: "Команда A", players: players(["Neo", "Taras"]) },
    teamB: { name: "Команда B", players: players(["Olena", "Bohdan"]) },
    bannedMaps,
    remainingMaps: remaining,
    currentStep: bans,
    turn: step.team,
    phase: step.action,
    series: bans === 5 ? [{ map: remaining[0]! }] : [],
    finalMap: bans === 5 ? remaining[0] : undefined,
    serverMap: bans === 5 ? remaining[0] : undefined,
    history: [
      ...joins,
      ...bannedMaps.map((b, i) => ({
        at: T0 + 60_000 + i * 1000,
        team: b.team,
        action: "Ban" as const,
        value: b.map,
      })),
    ],
  });
}

/** The whole veto done: de_brewery left, team A picked `side`. */
export function finished(side: Side, overrides: Partial<Tournament> = {}): Tournament {
  const t = afterBans(5);
  return {
    ...t,
    turn: undefined,
    phase: undefined,
    status: "finished",
    currentStep: 6,
    finalSide: side,
    series: [{ map: "de_brewery", side, sideBy: "teamA" }],
    history: [...t.history, { at: T0 + 120_000, team: "teamA", action: "SidePick", value: side }],
    ...overrides,
  };
}
