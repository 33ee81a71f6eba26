/**
 * The one action that brings an interrupted match back (model/history/interruptions.ts), in the
 * order each kind of server needs:
 *
 * - CS2 alone (plugin API, RCON proxy, direct RCON): the mode (only with a map load, where it
 *   takes effect), the teams' names, the map when the server shows another (then it waits until
 *   the server reports it), then CS2's own round backup;
 * - MatchZy: its own restore, which loads the map itself and brings back its rosters and names;
 *
 * then the players are told in chat, and the server is read back: the map and score it shows now
 * against what the backup holds. Each step is its own audited server action; a step that fails
 * stops the rest with its own message. The poller takes the match back once a poll shows it at the
 * restored round (`restoreTo`), with one round log and one record.
 */
import { v, type Infer } from "convex/values";
import type { Id } from "../../_generated/dataModel";
import type { ActionCtx } from "../../_generated/server";
import { BACKUP_FILE_RE, withScores } from "../../gameServer/backups";
import { validateChat } from "../../gameServer/consoleInput";
import { GAME_MODES } from "../../lib/gameApi";
import { fail } from "../../lib/errors";
import { LANGUAGES } from "../../lib/languages";
import { worded } from "../../lib/messages";
import { ownValue } from "../../lib/ownKey";
import { RECOVERY_CHAT_TEXTS } from "../../lib/texts/recovery";
import { fillText } from "../../lib/wording";
import type { Match } from "../../lib/validators";
import { pollServer } from "../live/pollSources";
import {
  defineCapability,
  requireServer,
  runCapability,
  type CapabilityServer,
  type GatedCtx,
} from "../capability/define";
import { expectRestore, heldMatchOf } from "./interruptions";
import { sends } from "../serverControl/actions";
import type { ActionArgs, ActionName } from "../../lib/actionRegistry";
import type { ObjectType } from "convex/values";

export const vRecoveryResult = v.object({
  /** The server actions sent, in order. */
  steps: v.array(v.string()),
  /** What the backup holds: the round that starts, and the score when known. */
  expected: v.object({
    round: v.number(),
    scoreCT: v.optional(v.number()),
    scoreT: v.optional(v.number()),
  }),
  /** What the server showed afterwards; null when it did not answer. */
  readBack: v.union(
    v.null(),
    v.object({
      map: v.string(),
      scoreCT: v.optional(v.number()),
      scoreT: v.optional(v.number()),
      phase: v.optional(v.string()),
    }),
  ),
  /** The server shows the held map at the backup's round and score (false where it reads none). */
  confirmed: v.boolean(),
});
export type RecoveryResult = Infer<typeof vRecoveryResult>;

export const vHeldMatch = v.object({
  serverId: v.id("servers"),
  state: v.string(),
  map: v.string(),
  mode: v.optional(v.string()),
  rounds: v.number(),
  maxRounds: v.optional(v.number()),
  teams: v.optional(v.object({ CT: v.string(), T: v.string() })),
  matchzy: v.boolean(),
  marks: v.array(
    v.object({
      round: v.number(),
      scoreCT: v.optional(v.number()),
      scoreT: v.optional(v.number()),
    }),
  ),
});
export type HeldMatch = Infer<typeof vHeldMatch>;

/** How long the recovery waits for a map load or the restored score to show (polled each second). */
const WAIT_MS = 30_000;
const WAIT_STEP_MS = 1000;

/**
 * Names by team (`mp_teamname_1` is the team that started as CT): the held names are by the side
 * each played when the server went down, swapped after the half.
 */
export function teamNamesOf(held: HeldMatch): { team1: string; team2: string } | null {
  if (!held.teams) return null;
  const half = Math.floor((held.maxRounds ?? 24) / 2);
  const swapped = held.rounds >= half;
  return swapped
    ? { team1: held.teams.T, team2: held.teams.CT }
    : { team1: held.teams.CT, team2: held.teams.T };
}

/** The chat line players read: the round and score they are back at, in both languages. */
export function recoveryLine(round: number, scoreCT?: number, scoreT?: number): string {
  const score = scoreCT !== undefined && scoreT !== undefined ? ` (${scoreCT}:${scoreT})` : "";
  const said = LANGUAGES.map((lang) =>
    fillText(RECOVERY_CHAT_TEXTS[lang].restored, { round, score }),
  );
  return validateChat(said.join(" "));
}

async function pollMatch(ctx: ActionCtx, server: CapabilityServer): Promise<Match | null> {
  const result = await pollServer(ctx, server.target, false);
  return result.ok ? result.match : null;
}

async function waitFor(
  ctx: ActionCtx,
  server: CapabilityServer,
  shows: (m: Match) => boolean,
): Promise<Match | null> {
  const deadline = Date.now() + WAIT_MS;
  let last = await pollMatch(ctx, server);
  while (!(last && shows(last)) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
    last = await pollMatch(ctx, server);
  }
  return last;
}

const vArmed = v.object({
  held: v.union(vHeldMatch, v.null()),
  /** The map the server shows now (read after the rules, so a server still down is refused). */
  shownMap: v.union(v.string(), v.null()),
});

/**
 * The recovery's own privileged write: the rules (the interruption is this server's and still
 * open, the backup is one of its rounds), the server answering, and the interruption armed for the
 * restored round, audited as `match_recover` with the file (refusals too). The steps that follow
 * are server actions, each audited on its own.
 */
export const RECOVER_CAPABILITY = defineCapability({
  name: "match_recover",
  access: "admin",
  server: true,
  args: { interruptionId: v.id("interruptions"), file: v.string() },
  input: v.object({ interruptionId: v.id("interruptions"), file: v.string(), rounds: v.number() }),
  resolve: ({ interruptionId, file }) => {
    const parsed = BACKUP_FILE_RE.exec(file);
    if (!parsed) fail("INVALID_INPUT", worded("backend.backupPick"));
    return { interruptionId, file, rounds: Number(parsed[1]) };
  },
  loaded: vArmed,
  load: async (ctx, { interruptionId }) => ({
    held: await heldMatchOf(ctx, interruptionId),
    shownMap: null,
  }),
  check: ({ rounds }, { held }, _actor, server) => {
    if (!held || held.serverId !== server?.serverId) {
      fail("NOT_FOUND", worded("backend.recoveryNotFound"));
    }
    if (held.state !== "open") fail("CONFLICT", worded("backend.recoveryClosed"));
    if (rounds > held.rounds) fail("INVALID_INPUT", worded("backend.backupNewer"));
  },
  read: async (_input, loaded, server, ctx) => {
    const now = await pollMatch(ctx, server);
    if (!now) fail("GAME_SERVER", worded("backend.serverNotBack"));
    return { ...loaded, shownMap: now.mapName };
  },
  returns: v.object({ held: vHeldMatch, rounds: v.number(), shownMap: v.string() }),
  commit: async (ctx, { interruptionId, rounds, file }) => {
    await expectRestore(ctx, interruptionId, rounds);
    return { details: file };
  },
  result: ({ rounds }, { held, shownMap }) => ({ held: held!, rounds, shownMap: shownMap! }),
});

export async function recoverMatch(
  ctx: GatedCtx,
  serverId: Id<"servers"> | undefined,
  { interruptionId, file }: { interruptionId: Id<"interruptions">; file: string },
): Promise<RecoveryResult> {
  const { held, rounds, shownMap } = await runCapability(
    ctx,
    RECOVER_CAPABILITY,
    { interruptionId, file },
    serverId,
  );
  const server = await requireServer(ctx, serverId);
  const [scored] = withScores([{ file, round: rounds }], held.marks);
  const expected = {
    round: rounds + 1,
    ...(scored?.scoreCT !== undefined ? { scoreCT: scored.scoreCT, scoreT: scored.scoreT } : {}),
  };

  const steps: string[] = [];
  const run = async <K extends ActionName>(name: K, args: ObjectType<ActionArgs<K>>) => {
    await runCapability(ctx, sends(name), args as never, server.serverId);
    steps.push(name);
  };
  const onMap = (m: Match) => m.mapName === held.map;
  if (held.matchzy) {
    await run("restoreBackupMatchzy", { file });
    await waitFor(ctx, server, onMap);
  } else {
    const needsMap = shownMap !== held.map;
    if (needsMap && held.mode && ownValue(GAME_MODES, held.mode)) {
      await run("gameMode", { mode: held.mode });
    }
    const names = teamNamesOf(held);
    if (names) await run("teamNames", names);
    if (needsMap) {
      await run("changeMap", { map: held.map });
      const loaded = await waitFor(ctx, server, onMap);
      if (!loaded || !onMap(loaded)) {
        fail(
          "GAME_SERVER",
          worded("backend.mapNotLoaded", { map: held.map, seconds: WAIT_MS / 1000 }),
        );
      }
    }
    await run("restoreBackup", { file });
  }
  await run("say", { message: recoveryLine(expected.round, expected.scoreCT, expected.scoreT) });
  // Direct RCON reads no score (CS2's console prints none): there the map is what can be confirmed.
  const scoreKnown = (m: Match) => !m.unknown?.includes("score");
  const atRound = (m: Match) => onMap(m) && (!scoreKnown(m) || m.scoreCT + m.scoreT === rounds);
  const after = await waitFor(ctx, server, atRound);
  const confirmed =
    after !== null &&
    atRound(after) &&
    scoreKnown(after) &&
    (expected.scoreCT === undefined ||
      (after.scoreCT === expected.scoreCT && after.scoreT === expected.scoreT));
  return {
    steps,
    expected,
    readBack: after
      ? {
          map: after.mapName,
          ...(scoreKnown(after) ? { scoreCT: after.scoreCT, scoreT: after.scoreT } : {}),
          ...(after.unknown?.includes("phase") ? {} : { phase: after.roundPhase }),
        }
      : null,
    confirmed,
  };
}
