"use node";
/**
 * A Source RCON client over TCP, framed on the size prefix (rconCodec.ts), used by the panel's
 * direct-RCON actions and by the simulator's RCON proxy. Node only (`node:net`), hence "use node";
 * this file registers no Convex function.
 *
 * Why not an npm client: `rcon-srcds` treats each socket read as one packet (no framing) and
 * guesses multi-packet replies from their size; `rcon-client` resolves a command on its first
 * packet and takes the first auth reply as the answer, which breaks on servers that split long
 * replies or send an empty RESPONSE_VALUE before AUTH_RESPONSE. This one handles every shape a
 * Source server sends:
 *
 * - Auth: CS2 answers with one AUTH_RESPONSE (id echoed, or -1 for a wrong password); older
 *   Source servers first send an empty RESPONSE_VALUE, which is skipped.
 * - Replies: CS2 sends one packet whatever the length; older servers split long output into
 *   several RESPONSE_VALUE packets with the command's id. Each command is followed by an empty
 *   EXEC (the "sentinel"): replies come back in request order, so everything with the command's
 *   id before the sentinel's answer is the reply. Should a server not answer an empty command, a
 *   quiet period after the last packet ends the reply instead.
 * - Bytes of a split reply are joined before decoding, so a UTF-8 character cut by a packet
 *   boundary survives (player names are often Cyrillic).
 * - Bounded: a reply larger than `maxReplyBytes` fails the command and closes the connection;
 *   every step has a timeout; `close()` resolves once the socket is gone and no timer is left.
 */
import net from "node:net";
import {
  PacketDecoder,
  RconProtocolError,
  type RconFrame,
  SERVERDATA_AUTH,
  SERVERDATA_AUTH_RESPONSE,
  SERVERDATA_EXECCOMMAND,
  SERVERDATA_RESPONSE_VALUE,
  concat,
  encodePacket,
} from "./rconCodec";

export type RconErrorCode = "CONNECT" | "AUTH" | "TIMEOUT" | "CLOSED" | "PROTOCOL" | "TOO_LARGE";

export class RconError extends Error {
  override name = "RconError";
  constructor(
    readonly code: RconErrorCode,
    message: string,
    /** The connection closed or timed out while authenticating (a ban looks like this). */
    readonly duringAuth = false,
  ) {
    super(message);
  }
}

/**
 * A level change the server took and never answered within the step timeout: CS2 may be loading
 * the map or may never run it, so the change is unconfirmed until a poll reads the map.
 */
export class LevelChangeUnanswered extends RconError {
  override name = "LevelChangeUnanswered";
  constructor(readonly command: string) {
    super("TIMEOUT", `No answer to "${command}"`);
  }
}

export interface RconConnectOptions {
  host: string;
  port: number;
  password: string;
  /** Applies to connect, to auth and, unless overridden per call, to each command. */
  timeoutMs?: number;
  /** Largest reply accepted for one command (bytes, all packets together). */
  maxReplyBytes?: number;
  /** Ends a reply this long after its last packet when the server never answers the sentinel. */
  quietMs?: number;
}

export const DEFAULT_MAX_REPLY_BYTES = 512 * 1024;
const DEFAULT_QUIET_MS = 1_000;
const decoder = new TextDecoder("utf-8");

interface Pending {
  id: number;
  sentinelId: number;
  resolve: (body: string) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  quietTimer?: NodeJS.Timeout;
  body: Uint8Array;
}

interface PendingAuth {
  id: number;
  resolve: () => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export class RconClient {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly bySentinel = new Map<number, Pending>();
  private auth: PendingAuth | null = null;
  private closedError: RconError | null = null;
  private readonly closed: Promise<void>;

  private constructor(
    private readonly socket: net.Socket,
    private readonly options: Required<Omit<RconConnectOptions, "password">>,
  ) {
    const packets = new PacketDecoder(options.maxReplyBytes + 10);
    socket.on("data", (chunk: Buffer) => {
      try {
        for (const frame of packets.pushFrames(new Uint8Array(chunk))) this.onPacket(frame);
      } catch (error) {
        const tooLarge = error instanceof RconProtocolError && error.tooLarge;
        this.fail(new RconError(tooLarge ? "TOO_LARGE" : "PROTOCOL", (error as Error).message));
        socket.destroy();
      }
    });
    socket.on("error", (error) => this.fail(new RconError("CLOSED", error.message)));
    this.closed = new Promise((resolve) => {
      socket.once("close", () => {
        this.fail(new RconError("CLOSED", "Connection closed"));
        resolve();
      });
    });
  }

  static async connect(options: RconConnectOptions): Promise<RconClient> {
    const opts = {
      host: options.host,
      port: options.port,
      timeoutMs: options.timeoutMs ?? 3000,
      maxReplyBytes: options.maxReplyBytes ?? DEFAULT_MAX_REPLY_BYTES,
      quietMs: options.quietMs ?? DEFAULT_QUIET_MS,
    };
    const socket = await openSocket(opts.host, opts.port, opts.timeoutMs);
    const client = new RconClient(socket, opts);
    try {
      await client.authenticate(options.password);
    } catch (error) {
      await client.close();
      throw error;
    }
    return client;
  }

  get isOpen(): boolean {
    return this.closedError === null;
  }

  exec(command: string, timeoutMs = this.options.timeoutMs): Promise<string> {
    if (this.closedError) return Promise.reject(this.closedError);
    const id = this.takeId();
    const sentinelId = this.takeId();
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => this.settle(entry, new RconError("TIMEOUT", `RCON timeout after ${timeoutMs} ms`)),
        timeoutMs,
      );
      const entry: Pending = { id, sentinelId, resolve, reject, timer, body: new Uint8Array(0) };
      this.pending.set(id, entry);
      this.bySentinel.set(sentinelId, entry);
      this.socket.write(encodePacket({ id, type: SERVERDATA_EXECCOMMAND, body: command }));
      this.socket.write(encodePacket({ id: sentinelId, type: SERVERDATA_EXECCOMMAND, body: "" }));
    });
  }

  /** Closes the connection; resolves once the socket is closed and every timer is cleared. */
  async close(): Promise<void> {
    this.fail(new RconError("CLOSED", "Client closed"));
    this.socket.destroy();
    await this.closed;
  }

  private authenticate(password: string): Promise<void> {
    const id = this.takeId();
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.auth = null;
        reject(new RconError("TIMEOUT", "RCON auth timed out", true));
      }, this.options.timeoutMs);
      this.auth = { id, resolve, reject, timer };
      this.socket.write(encodePacket({ id, type: SERVERDATA_AUTH, body: password }));
    });
  }

  private onPacket({ packet, raw }: RconFrame): void {
    if (this.auth) {
      const auth = this.auth;
      // The empty RESPONSE_VALUE older servers send before AUTH_RESPONSE is not the answer.
      if (packet.type !== SERVERDATA_AUTH_RESPONSE) return;
      this.auth = null;
      clearTimeout(auth.timer);
      if (packet.id === auth.id) auth.resolve();
      else auth.reject(new RconError("AUTH", "RCON auth failed"));
      return;
    }
    if (packet.type !== SERVERDATA_RESPONSE_VALUE) return;
    const done = this.bySentinel.get(packet.id);
    if (done) return this.settle(done, null);
    const entry = this.pending.get(packet.id);
    if (!entry) return;
    if (entry.body.length + raw.length > this.options.maxReplyBytes) {
      this.settle(entry, new RconError("TOO_LARGE", "RCON reply too large"));
      this.socket.destroy();
      return;
    }
    entry.body = concat(entry.body, raw);
    if (entry.quietTimer) clearTimeout(entry.quietTimer);
    entry.quietTimer = setTimeout(() => this.settle(entry, null), this.options.quietMs);
  }

  /** Resolves with the collected reply (null) or rejects with an error; clears its timers. */
  private settle(entry: Pending, error: RconError | null): void {
    if (this.pending.get(entry.id) !== entry) return;
    this.pending.delete(entry.id);
    this.bySentinel.delete(entry.sentinelId);
    clearTimeout(entry.timer);
    if (entry.quietTimer) clearTimeout(entry.quietTimer);
    if (error) entry.reject(error);
    else entry.resolve(decoder.decode(entry.body));
  }

  private takeId(): number {
    const id = this.nextId;
    this.nextId = this.nextId >= 0x7fffffff ? 1 : this.nextId + 1;
    return id;
  }

  private fail(error: RconError): void {
    if (!this.closedError) this.closedError = error;
    if (this.auth) {
      const auth = this.auth;
      this.auth = null;
      clearTimeout(auth.timer);
      auth.reject(new RconError(error.code, error.message, true));
    }
    for (const entry of [...this.pending.values()]) this.settle(entry, error);
  }
}

function openSocket(host: string, port: number, timeoutMs: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new RconError("TIMEOUT", `Connect timeout after ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once("connect", () => {
      clearTimeout(timer);
      socket.setNoDelay(true);
      resolve(socket);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      socket.destroy();
      reject(new RconError("CONNECT", `${error.code ?? "ERROR"}: ${error.message}`));
    });
  });
}

/** One-shot helper: connect, authenticate, run one command, close. */
export async function rconExec(options: RconConnectOptions, command: string): Promise<string> {
  const client = await RconClient.connect(options);
  try {
    return await client.exec(command);
  } finally {
    await client.close();
  }
}

/** A console command of a session; `mayDrop`: the server may hang up while running it. */
export interface SessionCommand {
  command: string;
  mayDrop?: boolean;
}

/**
 * One short session: connect, authenticate, run the commands in order, close. A command marked
 * `mayDrop` (a level change: the server may close the socket while loading) counts as dispatched
 * when the connection ends under it; the commands after it get a fresh connection. One that is
 * never answered is not taken as done (a dead or hostile server looks the same): it fails with
 * LevelChangeUnanswered, and the map shows once a poll reads it.
 */
export async function runRconSession(
  options: RconConnectOptions,
  commands: SessionCommand[],
  /** Told each connection the session opens (a caller's deadline closes it). */
  onConnect?: (client: RconClient) => void,
): Promise<string[]> {
  const outputs: string[] = [];
  let client: RconClient | null = null;
  try {
    for (const { command, mayDrop } of commands) {
      if (!client) {
        client = await RconClient.connect(options);
        onConnect?.(client);
      }
      try {
        outputs.push(await client.exec(command));
      } catch (error) {
        if (mayDrop && error instanceof RconError && error.code === "TIMEOUT") {
          throw new LevelChangeUnanswered(command);
        }
        const dropped = error instanceof RconError && error.code === "CLOSED";
        if (!mayDrop || !dropped) throw error;
        outputs.push("");
        await client.close();
        client = null;
      }
    }
    return outputs;
  } finally {
    await client?.close();
  }
}
