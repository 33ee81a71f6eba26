/**
 * The accelerated cup demo: two cups at once on the demo's three simulated servers (one shared
 * pool), an 8-team single elimination and a 6-team Swiss, both BO1 2v2. Players sign up, link
 * Steam, create and join teams; the admin's only act is starting the cups. From then on the
 * players do what players do (check in when check-in opens, ban and pick on their turn, join the
 * server their match was given and play), and everything else is the panel's: start times,
 * check-in, server allocation, the veto clock, the launch, the recorded result, the bracket.
 */
import type { ConvexClient } from "convex/browser";
import type { FunctionReturnType } from "convex/server";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import type { BracketConfig } from "../../convex/lib/cupFields";
import type { TournamentFormat } from "../../convex/lib/tournamentFields";
import { vetoSequence } from "../../convex/model/cup/veto";
import type { DemoHandle } from "../demo";
import { client, demoAdminToken, sleep } from "../bench/util";
import { signUpPlayers, type CupPlayer } from "./players";

export type CupView = NonNullable<FunctionReturnType<typeof api.cups.bracket>>;

export const CUP_DEMO_TEAMS = [
  "Вовки",
  "Лиси",
  "Ведмеді",
  "Орли",
  "Рисі",
  "Тури",
  "Сови",
  "Зубри",
  "Бджоли",
  "Соколи",
  "Їжаки",
  "Чаплі",
  "Коні",
  "Оси",
] as const;

export const TEAM_SIZE = 2;
const VETO: TournamentFormat = {
  preset: "custom",
  teamSize: TEAM_SIZE,
  mapPool: ["de_dust2", "de_mirage", "de_inferno", "de_nuke", "de_ancient"],
  sequence: vetoSequence(5, 1),
  readyCheck: false,
  turnSeconds: 30,
  firstTeam: "teamA",
};

export interface CupDemoCup {
  name: string;
  slug: string;
  format: BracketConfig["format"];
  teams: number;
  champion: string;
  matches: number;
  /** Matches decided by a walkover (a team that did not check in). */
  walkovers: number;
  /** Matches decided by recorded maps. */
  played: number;
}

export interface CupDemoResult {
  cups: CupDemoCup[];
  /** Wall-clock milliseconds from the admin's start to both champions. */
  ms: number;
  /** Server ids that hosted a match, per cup. */
  serversUsed: Record<string, string[]>;
}

export interface Setup {
  cupId: Id<"cups">;
  slug: string;
  name: string;
  format: BracketConfig["format"];
  teams: number;
  players: CupPlayer[];
}

export async function createCup(
  admin: ConvexClient,
  name: string,
  bracket: BracketConfig,
  teams: number,
  serverIds: Id<"servers">[],
) {
  return await admin.action(api.cupAdmin.create, {
    name,
    bracket,
    seeding: "random",
    veto: VETO,
    serverIds,
    teamsMax: teams,
    checkInMinutes: 1,
    startDelayMinutes: 1,
    noShowWalkover: true,
  });
}

/** Captain creates the team, the others join by its invite code. */
export async function registerTeams(
  cupId: Id<"cups">,
  players: CupPlayer[],
  names: readonly string[],
) {
  for (const [t, name] of names.entries()) {
    const roster = players.slice(t * TEAM_SIZE, (t + 1) * TEAM_SIZE);
    const { inviteCode } = await roster[0]!.convex.mutation(api.cups.createTeam, {
      cupId,
      name,
      tag: name.slice(0, 3).toUpperCase(),
    });
    for (const p of roster.slice(1)) await p.convex.mutation(api.cups.joinTeam, { inviteCode });
  }
}

/** What the players of one cup do on each look at the bracket. */
export class Crowd {
  private readonly checkedIn = new Set<string>();
  private readonly joined = new Map<string, Id<"servers">>();
  private readonly acting = new Set<string>();
  readonly serversUsed = new Set<string>();

  constructor(
    private readonly demo: DemoHandle,
    private readonly setup: Setup,
    private readonly serverIndex: Map<string, number>,
  ) {}

  private rosterOf(view: CupView, teamId: Id<"cupTeams"> | null | undefined): CupPlayer[] {
    const team = view.teams.find((t) => t.id === teamId);
    if (!team) return [];
    const captain = this.setup.players.findIndex((p) => p.steamId === team.captainSteamId);
    return this.setup.players.slice(captain, captain + TEAM_SIZE);
  }

  async step(view: CupView): Promise<void> {
    for (const m of view.matches) {
      const teams = [m.teamA, m.teamB];
      if (m.phase === "check_in") {
        for (const team of teams) {
          const key = `${m.id}:${team}`;
          if (this.checkedIn.has(key)) continue;
          const captain = this.rosterOf(view, team)[0];
          if (!captain) continue;
          this.checkedIn.add(key);
          await captain.convex.mutation(api.cups.checkIn, { matchId: m.id });
        }
      }
      if ((m.phase === "veto" || m.phase === "live") && m.serverId && m.tournamentSlug) {
        this.serversUsed.add(m.serverId);
        const rosters = teams.map((t) => this.rosterOf(view, t));
        this.keepOnServer(m.id, m.serverId, rosters);
        await this.veto(m.tournamentSlug, rosters as [CupPlayer[], CupPlayer[]]);
      }
      if (m.phase === "done" && this.joined.has(m.id)) {
        this.leaveServer(
          m.id,
          teams.flatMap((t) => this.rosterOf(view, t)),
        );
      }
    }
  }

  /**
   * Both teams join the match's server as soon as it is theirs, as players do during the veto, and
   * come back when they drop (the simulator's players leave and return now and then), on the side
   * their teammate plays, else against the other team.
   */
  private keepOnServer(matchId: string, serverId: Id<"servers">, rosters: CupPlayer[][]) {
    this.joined.set(matchId, serverId);
    const world = this.demo.sim.servers[this.serverIndex.get(serverId)!]!.world;
    const sideOf = (roster: CupPlayer[]) =>
      roster.map((p) => world.find(p.steamId)).find((p) => p?.connected && p.side !== "SPEC")
        ?.side as "CT" | "T" | undefined;
    let changed = false;
    for (const [i, roster] of rosters.entries()) {
      for (const p of roster) {
        const there = world.find(p.steamId);
        if (there?.connected) continue;
        const other = sideOf(rosters[1 - i]!);
        const side =
          sideOf(roster) ?? (other ? (other === "CT" ? "T" : "CT") : i === 0 ? "CT" : "T");
        if (there) world.reconnect(there, side);
        else world.addPlayer(false, side, { name: p.name, steamId: p.steamId });
        changed = true;
      }
    }
    if (changed) world.fillBots();
  }

  private leaveServer(matchId: string, players: CupPlayer[]) {
    const serverId = this.joined.get(matchId)!;
    this.joined.delete(matchId);
    const server = this.demo.sim.servers[this.serverIndex.get(serverId)!]!;
    for (const p of players) {
      const there = server.world.find(p.steamId);
      if (there?.connected) server.world.disconnect(there);
    }
  }

  /** The captain whose turn it is bans the first map left, picks the first one, takes CT. */
  private async veto(slug: string, rosters: [CupPlayer[], CupPlayer[]]) {
    if (this.acting.has(slug)) return;
    const captains = this.setup.players[0]!.convex;
    const t = await captains.query(api.tournament.get, { slug });
    if (!t || t.status !== "in_progress" || !t.turn) return;
    const step = t.sequence[t.currentStep];
    if (!step) return;
    const captain = (t.turn === "teamA" ? rosters[0] : rosters[1])[0]!;
    const args = { tournamentId: t.id, expectedStep: t.currentStep, sessionId: captain.sessionId };
    this.acting.add(slug);
    try {
      const map = t.remainingMaps[0]!;
      if (step.action === "Ban") {
        await captain.convex.mutation(api.tournament.ban, { ...args, map } as never);
      } else if (step.action === "Pick") {
        await captain.convex.mutation(api.tournament.pickMap, { ...args, map } as never);
      } else {
        await captain.convex.mutation(api.tournament.pickSide, { ...args, side: "CT" } as never);
      }
    } finally {
      this.acting.delete(slug);
    }
  }
}

export async function runCupDemo(
  demo: DemoHandle,
  opts: {
    log?: (line: string) => void;
    timeoutMs?: number;
    /** Called once the teams are registered, before the start (where the demo speeds its clock up). */
    beforeStart?: () => void;
  } = {},
): Promise<CupDemoResult> {
  const log = opts.log ?? (() => {});
  const admin = client(demo.backend.url);
  admin.setAuth(async () => demoAdminToken());
  const clients: ConvexClient[] = [admin];
  try {
    const servers = await admin.query(api.servers.list, {});
    const serverIds = servers.map((s) => s._id);
    const serverIndex = new Map(servers.map((s, i) => [s._id as string, i]));

    const specs = [
      {
        name: "Кубок вихідних (8 команд, вибування)",
        bracket: { format: "single_elimination", bestOf: 1, finalBestOf: 1 } as BracketConfig,
        names: CUP_DEMO_TEAMS.slice(0, 8),
      },
      {
        name: "Швейцарка (6 команд)",
        bracket: {
          format: "swiss",
          bestOf: 1,
          finalBestOf: 1,
          swissWins: 2,
          swissLosses: 2,
        } as BracketConfig,
        names: CUP_DEMO_TEAMS.slice(8, 14),
      },
    ];
    const setups: Setup[] = [];
    let first = 0;
    for (const spec of specs) {
      const names = spec.names.flatMap((team) =>
        Array.from({ length: TEAM_SIZE }, (_, i) => `${team}-${i + 1}`),
      );
      const players = await signUpPlayers(demo, names, first);
      first += names.length;
      clients.push(...players.map((p) => p.convex));
      const cup = await createCup(admin, spec.name, spec.bracket, spec.names.length, serverIds);
      await registerTeams(cup.id, players, spec.names);
      setups.push({
        cupId: cup.id,
        slug: cup.slug,
        name: spec.name,
        format: spec.bracket.format,
        teams: spec.names.length,
        players,
      });
      log(`${spec.name}: /cup/${cup.slug}, ${spec.names.length} teams of ${TEAM_SIZE} registered`);
    }

    opts.beforeStart?.();
    const started = Date.now();
    // The admin's one act.
    for (const s of setups) await admin.action(api.cupAdmin.start, { cupId: s.cupId });
    log("both cups started");

    const crowds = setups.map((s) => new Crowd(demo, s, serverIndex));
    const deadline = Date.now() + (opts.timeoutMs ?? 4 * 3_600_000);
    const seen = new Map<string, string>();
    for (;;) {
      const views = (await Promise.all(
        setups.map((s) => admin.query(api.cups.bracket, { slug: s.slug })),
      )) as CupView[];
      for (const [i, view] of views.entries()) {
        await crowds[i]!.step(view);
        for (const m of view.matches) {
          const was = seen.get(m.id);
          const now = `${m.phase}${m.result ? ` ${m.result.winnerMaps}:${m.result.loserMaps}` : ""}`;
          if (was !== now) {
            seen.set(m.id, now);
            if (m.phase !== "waiting") log(`${setups[i]!.name} ${m.key}: ${now}`);
          }
        }
      }
      if (views.every((v) => v.status === "finished")) {
        return {
          ms: Date.now() - started,
          serversUsed: Object.fromEntries(
            setups.map((s, i) => [s.slug, [...crowds[i]!.serversUsed]]),
          ),
          cups: views.map((view, i) => {
            const decided = view.matches.filter((m) => m.result);
            return {
              name: setups[i]!.name,
              slug: view.slug,
              format: setups[i]!.format,
              teams: setups[i]!.teams,
              champion: view.teams.find((t) => t.id === view.champion)?.name ?? "—",
              matches: decided.length,
              walkovers: decided.filter((m) => m.result!.walkover).length,
              played: decided.filter((m) => !m.result!.walkover && m.result!.winnerMaps > 0).length,
            };
          }),
        };
      }
      if (Date.now() > deadline) throw new Error("the cups did not finish in time");
      await sleep(250);
    }
  } finally {
    for (const c of clients) await c.close();
  }
}
