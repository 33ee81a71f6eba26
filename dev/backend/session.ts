/**
 * One client WebSocket: its query set, identity and the state version the client last accepted.
 * Messages update state synchronously; a single flush loop per socket runs queries and emits
 * Transitions, so `startVersion` always equals the previous `endVersion` on this socket.
 */
import type { WebSocket } from "ws";
import { jsonToConvex, type JSONValue, type Value } from "convex/values";
import { identityFromAttributes, identityFromJwt, type Identity } from "./auth";
import { defer, type Engine, type QueryOutcome } from "./engine";
import {
  decodeTs,
  encodeError,
  encodeResult,
  encodeTs,
  wireVersion,
  type ClientMessage,
  type EncodedError,
  type Kind,
  type Modification,
  type StateVersion,
} from "./protocol";
import { affects, ReadSet, WriteSet } from "./readset";

interface Subscription {
  udfPath: string;
  args: JSONValue;
  /** Pitfall 6: pins a paginated page's end so inserts grow the page instead of shifting rows
   * into the next one (which usePaginatedQuery would show as a gap or duplicate). */
  journal: string | null;
  reads?: ReadSet;
  lastSent?: string;
}

type Outcome = { ok: true; value: JSONValue; ts?: bigint } | { ok: false; error: EncodedError };

/** A shared query outcome encoded for the wire once, however many sessions send it. */
const wires = new WeakMap<QueryOutcome, { result: Outcome; key: string }>();
function wireOf(outcome: QueryOutcome): { result: Outcome; key: string } {
  let wire = wires.get(outcome);
  if (!wire) {
    const result: Outcome = outcome.ok
      ? { ok: true, value: encodeResult(outcome.value) }
      : { ok: false, error: encodeError(outcome.error) };
    wire = { result, key: JSON.stringify(result) };
    wires.set(outcome, wire);
  }
  return wire;
}
type CallMessage = Extract<ClientMessage, { type: "Mutation" | "Action" }>;

/** Mutation outcomes by `sessionId:requestId`: the client resends unconfirmed mutations after a
 * reconnect, and they must not run twice. Shared across sockets; bounded FIFO. */
export class ReplayCache {
  private readonly entries = new Map<string, Promise<Outcome>>();
  constructor(private readonly limit = 10_000) {}
  getOrRun(key: string | undefined, run: () => Promise<Outcome>): Promise<Outcome> {
    const hit = key === undefined ? undefined : this.entries.get(key);
    if (hit) return hit;
    const p = run();
    if (key !== undefined) {
      this.entries.set(key, p);
      if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
    }
    return p;
  }
}

const isObject = (v: unknown): v is Record<string, Value> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof ArrayBuffer);

function withEndCursor(args: Record<string, Value>, journal: string | null): Record<string, Value> {
  const opts = args.paginationOpts;
  if (journal === null || !isObject(opts)) return args;
  const { endCursor } = JSON.parse(journal) as { endCursor: string };
  return { ...args, paginationOpts: { ...opts, endCursor } };
}

function journalFor(args: Record<string, Value>, value: Value): string | null {
  if (
    !isObject(args.paginationOpts) ||
    !isObject(value) ||
    typeof value.continueCursor !== "string"
  ) {
    return null;
  }
  return JSON.stringify({ endCursor: value.continueCursor });
}

export class Session {
  private sessionId: string | undefined;
  private identity: Identity | undefined;
  private admin = false;
  private querySet = 0;
  private identityVersion = 0;
  private sent: StateVersion = { querySet: 0, identity: 0, ts: 0n };
  /** Highest mutation ts answered on this socket; a Transition reaching it must follow. */
  private needTs = 0n;
  private readonly queries = new Map<number, Subscription>();
  private added = new Set<number>();
  private removed = new Set<number>();
  private rerunAll = false;
  private dirty = new WriteSet();
  private flushing = false;
  private closed = false;
  private readonly onDirty = (writes: WriteSet) => {
    this.dirty.merge(writes);
    this.kick();
  };

  constructor(
    private readonly ws: WebSocket,
    private readonly engine: Engine,
    private readonly replays: ReplayCache,
  ) {
    engine.listeners.add(this.onDirty);
  }

  send(msg: object) {
    if (!this.closed && this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(msg));
  }

  close() {
    this.closed = true;
    this.engine.listeners.delete(this.onDirty);
  }

  /** One bad message is logged and dropped; it must not take the socket or server down. */
  handle(raw: string) {
    try {
      this.dispatch(JSON.parse(raw) as ClientMessage);
    } catch (e) {
      this.engine.log(
        `bad client message ignored (${encodeError(e).message}): ${raw.slice(0, 200)}`,
      );
    }
  }

  private dispatch(msg: ClientMessage) {
    switch (msg.type) {
      case "Connect":
        this.sessionId = msg.sessionId;
        this.engine.observeTs(decodeTs(msg.maxObservedTimestamp));
        return;
      case "ModifyQuerySet":
        if (msg.baseVersion !== this.querySet) {
          this.send({
            type: "FatalError",
            error: `Invalid query set base version ${msg.baseVersion}`,
          });
          this.ws.close();
          return;
        }
        this.querySet = msg.newVersion;
        for (const m of msg.modifications) {
          if (m.type === "Add") {
            this.queries.set(m.queryId, {
              udfPath: m.udfPath,
              args: m.args[0] ?? {},
              journal: m.journal ?? null,
            });
            this.added.add(m.queryId);
          } else {
            this.queries.delete(m.queryId);
            this.removed.add(m.queryId);
          }
        }
        return this.kick();
      case "Authenticate":
        return this.authenticate(msg);
      case "Mutation":
        return void this.mutation(msg);
      case "Action":
        return void this.action(msg);
      case "Event":
        return;
      default:
        throw new Error(`unknown message type ${(msg as { type: unknown }).type}`);
    }
  }

  private authenticate(msg: Extract<ClientMessage, { type: "Authenticate" }>) {
    try {
      if (msg.tokenType === "None") {
        this.identity = undefined;
        this.admin = false;
      } else if (msg.tokenType === "User") {
        this.identity = identityFromJwt(msg.value ?? "");
        this.admin = false;
      } else if (msg.tokenType === "Admin") {
        this.identity = msg.impersonating ? identityFromAttributes(msg.impersonating) : undefined;
        this.admin = true;
      } else {
        throw new Error(`Unknown token type ${String(msg.tokenType)}`);
      }
    } catch (e) {
      const error = encodeError(e).message;
      this.engine.log(`auth rejected: ${error}`);
      this.send({
        type: "AuthError",
        error,
        baseVersion: msg.baseVersion,
        authUpdateAttempted: true,
      });
      return;
    }
    // The client confirms auth (useConvexAuth flips) only on a Transition that bumps identity.
    this.identityVersion = msg.baseVersion + 1;
    this.rerunAll = true;
    this.kick();
  }

  private async execute(kind: Kind, msg: CallMessage): Promise<Outcome> {
    try {
      if (msg.componentPath) throw new Error("Clients cannot call component functions directly");
      const args = jsonToConvex(msg.args[0] ?? {}) as Record<string, Value>;
      const value = await this.engine.call(kind, msg.udfPath, args, {
        identity: this.identity,
        allowInternal: this.admin,
      });
      return { ok: true, value: encodeResult(value) };
    } catch (e) {
      return { ok: false, error: encodeError(e) };
    }
  }

  private async mutation(msg: CallMessage) {
    const key = this.sessionId === undefined ? undefined : `${this.sessionId}:${msg.requestId}`;
    const outcome = await this.replays.getOrRun(key, () => this.execute("mutation", msg));
    if (!outcome.ok) {
      const { message, errorData } = outcome.error;
      this.send({
        type: "MutationResponse",
        requestId: msg.requestId,
        success: false,
        result: message,
        errorData,
        logLines: [],
      });
      return;
    }
    // Assigned at first reply and reused for replays; must precede any Transition with ts >= it.
    outcome.ts ??= this.engine.commitTs();
    this.send({
      type: "MutationResponse",
      requestId: msg.requestId,
      success: true,
      result: outcome.value,
      ts: encodeTs(outcome.ts),
      logLines: [],
    });
    if (outcome.ts > this.needTs) this.needTs = outcome.ts;
    this.kick();
  }

  private async action(msg: CallMessage) {
    const outcome = await this.execute("action", msg);
    this.engine.deliverDirty();
    this.send(
      outcome.ok
        ? {
            type: "ActionResponse",
            requestId: msg.requestId,
            success: true,
            result: outcome.value,
            logLines: [],
          }
        : {
            type: "ActionResponse",
            requestId: msg.requestId,
            success: false,
            result: outcome.error.message,
            errorData: outcome.error.errorData,
            logLines: [],
          },
    );
  }

  /** Pitfall 5: never awaited by message handling, so no socket waits on its own queue. */
  private kick() {
    if (this.flushing || this.closed) return;
    this.flushing = true;
    defer(() => void this.flush());
  }

  private hasWork(): boolean {
    return (
      this.added.size > 0 ||
      this.removed.size > 0 ||
      this.rerunAll ||
      !this.dirty.empty ||
      this.querySet !== this.sent.querySet ||
      this.identityVersion !== this.sent.identity ||
      this.needTs > this.sent.ts
    );
  }

  private async flush() {
    try {
      while (!this.closed && this.hasWork()) {
        // Snapshot first: the ts and versions claimed must not run ahead of the state queried.
        const end: StateVersion = {
          querySet: this.querySet,
          identity: this.identityVersion,
          ts: this.engine.ts,
        };
        const { identity, admin, added, removed, rerunAll, dirty } = this;
        this.added = new Set();
        this.removed = new Set();
        this.rerunAll = false;
        this.dirty = new WriteSet();
        const mods: Modification[] = [...removed]
          .filter((id) => !this.queries.has(id))
          .map((queryId) => ({ type: "QueryRemoved", queryId }));
        for (const [id, sub] of [...this.queries]) {
          if (!added.has(id) && !rerunAll && !affects(sub.reads, dirty)) continue;
          const mod = await this.runQuery(id, sub, identity, admin);
          if (mod && this.queries.get(id) === sub) mods.push(mod);
        }
        const s = this.sent;
        if (
          mods.length > 0 ||
          end.querySet !== s.querySet ||
          end.identity !== s.identity ||
          this.needTs > s.ts
        ) {
          this.send({
            type: "Transition",
            startVersion: wireVersion(s),
            endVersion: wireVersion(end),
            modifications: mods,
          });
          this.sent = end;
        }
      }
    } catch (e) {
      this.engine.log(`flush failed: ${encodeError(e).message}`);
    } finally {
      this.flushing = false;
    }
  }

  /** Returns the modification to send, or null when the result did not change. */
  private async runQuery(
    id: number,
    sub: Subscription,
    identity: Identity | undefined,
    admin: boolean,
  ) {
    let result: Outcome;
    let key: string;
    try {
      const args = jsonToConvex(sub.args) as Record<string, Value>;
      const { outcome, reads } = await this.engine.sharedQuery(
        sub.udfPath,
        withEndCursor(args, sub.journal),
        { identity, allowInternal: admin },
      );
      sub.reads = reads;
      if (outcome.ok) sub.journal ??= journalFor(args, outcome.value);
      ({ result, key } = wireOf(outcome));
    } catch (e) {
      // Arguments that do not decode: nothing was read, so no write can change the answer.
      sub.reads = new ReadSet();
      result = { ok: false, error: encodeError(e) };
      key = JSON.stringify(result);
    }
    if (key === sub.lastSent) return null;
    sub.lastSent = key;
    const common = { queryId: id, logLines: [], journal: sub.journal };
    return result.ok
      ? ({ type: "QueryUpdated", value: result.value, ...common } as const)
      : ({
          type: "QueryFailed",
          errorMessage: result.error.message,
          errorData: result.error.errorData,
          ...common,
        } as const);
  }
}
