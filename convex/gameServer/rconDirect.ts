"use node";
/**
 * Direct RCON from a Convex Node action: one short connection per call (connect, authenticate,
 * commands, close), bounded in time and reply size, and every failure turned into the state an
 * admin sees («RCON недоступний: …»). Registers no Convex function; `convex/rcon.ts` does.
 */
import { ACTION_TEXTS } from "../lib/texts/actions";
import type { GameServerTarget, PollResult } from "../lib/validators";
import type { TextParams } from "../lib/wording";
import type { ConsoleStep } from "./commands";
import { REQUEST_TIMEOUT_MS } from "./request";
import { ConsoleKickError, kickBySteamId } from "./consoleKick";
import {
  LevelChangeUnanswered,
  RconClient,
  RconError,
  runRconSession,
  type RconConnectOptions,
} from "./rconClient";
import { pollOverRcon, RconPollError } from "./rconPoll";
import {
  levelChangeUnansweredText,
  RCON_AUTH_REFUSED,
  RCON_AUTH_STOPPED,
  rconFailureText,
} from "./rconFailure";

/** Connect, auth and each command get this long; a whole call at most RCON_CALL_DEADLINE_MS. */
const STEP_TIMEOUT_MS = REQUEST_TIMEOUT_MS;
const RCON_CALL_DEADLINE_MS = 8_000;
const MAX_REPLY_BYTES = 256 * 1024;

/** A failure's `key` and `params`, when it is a text of a table with parameters (a kick's). */
export type DirectOutcome =
  | { ok: true; outputs: string[] }
  | {
      ok: false;
      error: string;
      authFailed?: boolean;
      timedOut?: boolean;
      key?: string;
      params?: TextParams;
    };

type Failed = {
  ok: false;
  error: string;
  authFailed?: true;
  timedOut?: true;
  key?: string;
  params?: TextParams;
};

/** How to connect, or why not to: no address or password, or a password the server refused. */
function connectOptions(target: GameServerTarget): RconConnectOptions | Failed {
  if (target.rconAuthFailed) return { ok: false, error: RCON_AUTH_STOPPED, authFailed: true };
  const host = target.proxyTargetHost;
  const port = target.proxyTargetPort;
  if (!host || !port || !target.rconPassword) {
    return { ok: false, error: ACTION_TEXTS["refusal.actions.rconNoTarget"] };
  }
  return {
    host,
    port,
    password: target.rconPassword,
    timeoutMs: STEP_TIMEOUT_MS,
    maxReplyBytes: MAX_REPLY_BYTES,
  };
}

/** Fails a call that outlives the deadline; `stop` must make the work settle (close its socket). */
async function withDeadline<T>(work: Promise<T>, stop: () => Promise<void>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new RconError("TIMEOUT", `RCON call took over ${RCON_CALL_DEADLINE_MS} ms`));
    }, RCON_CALL_DEADLINE_MS);
  });
  try {
    return await Promise.race([work, late]);
  } catch (error) {
    await stop();
    await work.catch(() => undefined);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function failure(error: unknown, where: string): Failed {
  if (error instanceof LevelChangeUnanswered) {
    const text = levelChangeUnansweredText(where, STEP_TIMEOUT_MS);
    return { ok: false, error: text, timedOut: true };
  }
  if (error instanceof RconError) {
    const { code } = error;
    if (code === "AUTH") return { ok: false, error: RCON_AUTH_REFUSED, authFailed: true };
    const text = rconFailureText(code, error.message, error.duringAuth, where);
    return code === "TIMEOUT"
      ? { ok: false, error: text, timedOut: true }
      : { ok: false, error: text };
  }
  // A poll's only refusal: the address answers RCON but not as a CS2 server.
  if (error instanceof RconPollError) {
    return { ok: false, error: ACTION_TEXTS["refusal.actions.rconNotCs2Unavailable"] };
  }
  if (error instanceof ConsoleKickError) {
    const { key, params, message } = error.worded;
    return params ? { ok: false, error: message, key, params } : { ok: false, error: message, key };
  }
  throw error;
}

/** Runs an action's console commands in one session (a kick: its lookup, then `kickid`). */
export async function runDirect(
  target: GameServerTarget,
  steps: ConsoleStep[],
): Promise<DirectOutcome> {
  const [first] = steps;
  if (steps.length === 1 && first && "kickSteamId" in first) {
    const kicked = await onOneConnection(target, (exec) => kickBySteamId(exec, first.kickSteamId));
    return kicked.ok ? { ok: true, outputs: [kicked.value] } : kicked;
  }
  const commands = steps.filter((step) => "command" in step);
  const options = connectOptions(target);
  if ("ok" in options) return options;
  const where = `${options.host}:${options.port}`;
  let client: RconClient | null = null;
  try {
    const outputs = await withDeadline(
      runRconSession(options, commands, (c) => (client = c)),
      async () => {
        await (client as RconClient | null)?.close();
      },
    );
    return { ok: true, outputs };
  } catch (error) {
    return failure(error, where);
  }
}

/** One poll: status, cvars and (when due) players, on one connection. */
export async function pollDirect(
  target: GameServerTarget,
  withPlayers: boolean,
): Promise<PollResult> {
  const polled = await onOneConnection(target, (exec) => pollOverRcon(exec, withPlayers));
  if (polled.ok) return polled.value;
  // A poll's failure is its text: its parameters are a kick's only.
  const { error, authFailed, timedOut } = polled;
  return {
    ok: false,
    error,
    ...(authFailed ? { authFailed } : {}),
    ...(timedOut ? { timedOut } : {}),
  };
}

/** Connects, runs `work` with the connection's `exec`, closes; bounded by the call deadline. */
async function onOneConnection<T>(
  target: GameServerTarget,
  work: (exec: (command: string) => Promise<string>) => Promise<T>,
): Promise<{ ok: true; value: T } | Failed> {
  const options = connectOptions(target);
  if ("ok" in options) return options;
  const where = `${options.host}:${options.port}`;
  let client: RconClient | null = null;
  const session = (async () => {
    client = await RconClient.connect(options);
    try {
      const c = client;
      return await work((command) => c.exec(command));
    } finally {
      await client.close();
    }
  })();
  try {
    const value = await withDeadline(session, async () => {
      await (client as RconClient | null)?.close();
    });
    return { ok: true, value };
  } catch (error) {
    return failure(error, where);
  }
}
