/**
 * A small Source RCON client over TCP, framed on the size prefix (rcon-codec.ts).
 *
 * CS2 answers every command with exactly one RESPONSE_VALUE, so a command resolves on the first
 * reply carrying its id. `useTerminator` adds the classic multi-packet trick for older servers:
 * an empty RESPONSE_VALUE follows each command and everything before its mirror is the answer.
 */
import net from "node:net";
import {
  MAX_SERVER_PACKET_SIZE,
  PacketDecoder,
  type RconPacket,
  SERVERDATA_AUTH,
  SERVERDATA_AUTH_RESPONSE,
  SERVERDATA_EXECCOMMAND,
  SERVERDATA_RESPONSE_VALUE,
  encodePacket,
} from "./rcon-codec";

export type RconErrorCode = "CONNECT" | "AUTH" | "TIMEOUT" | "CLOSED" | "PROTOCOL";

export class RconError extends Error {
  override name = "RconError";
  constructor(
    readonly code: RconErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface RconConnectOptions {
  host: string;
  port: number;
  password: string;
  /** Applies to connect+auth and, unless overridden per call, to each command. */
  timeoutMs?: number;
  useTerminator?: boolean;
  maxPacketSize?: number;
}

interface Pending {
  resolve: (body: string) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  parts: string[];
  /** With useTerminator: id of the empty probe whose mirror ends the answer. */
  probeId?: number;
}

export class RconClient {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly probes = new Map<number, number>();
  private readonly authIds = new Set<number>();
  private closedError: RconError | null = null;

  private constructor(
    private readonly socket: net.Socket,
    private readonly options: Required<Omit<RconConnectOptions, "password">>,
  ) {
    const decoder = new PacketDecoder(options.maxPacketSize);
    socket.on("data", (chunk) => {
      try {
        for (const packet of decoder.push(chunk)) this.onPacket(packet);
      } catch (error) {
        this.fail(new RconError("PROTOCOL", (error as Error).message));
        socket.destroy();
      }
    });
    socket.on("error", (error) => this.fail(new RconError("CLOSED", error.message)));
    socket.on("close", () => this.fail(new RconError("CLOSED", "Connection closed")));
  }

  static async connect(options: RconConnectOptions): Promise<RconClient> {
    const opts = {
      host: options.host,
      port: options.port,
      timeoutMs: options.timeoutMs ?? 3000,
      useTerminator: options.useTerminator ?? false,
      maxPacketSize: options.maxPacketSize ?? MAX_SERVER_PACKET_SIZE,
    };
    const socket = await openSocket(opts.host, opts.port, opts.timeoutMs);
    const client = new RconClient(socket, opts);
    try {
      await client.authenticate(options.password);
    } catch (error) {
      client.close();
      throw error;
    }
    return client;
  }

  get isOpen(): boolean {
    return this.closedError === null;
  }

  exec(command: string, timeoutMs = this.options.timeoutMs): Promise<string> {
    return this.request(SERVERDATA_EXECCOMMAND, command, timeoutMs, this.options.useTerminator);
  }

  close(): void {
    this.fail(new RconError("CLOSED", "Client closed"));
    this.socket.destroy();
  }

  private async authenticate(password: string): Promise<void> {
    await this.request(SERVERDATA_AUTH, password, this.options.timeoutMs, false);
  }

  private request(type: number, body: string, timeoutMs: number, probe: boolean): Promise<string> {
    if (this.closedError) return Promise.reject(this.closedError);
    const id = this.takeId();
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        this.authIds.delete(id);
        reject(new RconError("TIMEOUT", `RCON timeout after ${timeoutMs} ms`));
      }, timeoutMs);
      const entry: Pending = { resolve, reject, timer, parts: [] };
      this.pending.set(id, entry);
      if (type === SERVERDATA_AUTH) this.authIds.add(id);
      this.socket.write(encodePacket({ id, type, body }));
      if (probe) {
        entry.probeId = this.takeId();
        this.probes.set(entry.probeId, id);
        this.socket.write(
          encodePacket({ id: entry.probeId, type: SERVERDATA_RESPONSE_VALUE, body: "" }),
        );
      }
    });
  }

  private onPacket(packet: RconPacket): void {
    if (packet.type === SERVERDATA_AUTH_RESPONSE) {
      // A failed auth answers with id -1, so it cannot be matched by id: it belongs to the
      // (only) auth request in flight.
      if (packet.id !== -1) return this.settle(packet.id, "");
      const id = this.firstPendingId();
      if (id !== undefined) this.settle(id, new RconError("AUTH", "RCON auth failed"));
      return;
    }
    const ownerId = this.probes.get(packet.id);
    if (ownerId !== undefined) {
      // The mirror is followed by the terminator packet with the same id: drop the probe only then.
      if (packet.body !== "") this.probes.delete(packet.id);
      else this.settle(ownerId, null);
      return;
    }
    const entry = this.pending.get(packet.id);
    if (!entry) return;
    // During auth, CS:GO-era servers send an empty RESPONSE_VALUE before AUTH_RESPONSE; skip it.
    if (entry.probeId === undefined && this.isAuthPending(packet.id)) return;
    entry.parts.push(packet.body);
    if (entry.probeId === undefined) this.settle(packet.id, null);
  }

  private isAuthPending(id: number): boolean {
    return this.authIds.has(id);
  }

  private firstPendingId(): number | undefined {
    for (const id of this.authIds) if (this.pending.has(id)) return id;
    return undefined;
  }

  /** Resolves with `outcome` (or the collected parts when null), or rejects with an error. */
  private settle(id: number, outcome: string | null | RconError): void {
    const entry = this.pending.get(id);
    if (!entry) return;
    this.pending.delete(id);
    this.authIds.delete(id);
    clearTimeout(entry.timer);
    if (outcome instanceof RconError) entry.reject(outcome);
    else entry.resolve(outcome ?? entry.parts.join(""));
  }

  private takeId(): number {
    const id = this.nextId;
    this.nextId = this.nextId >= 0x7fffffff ? 1 : this.nextId + 1;
    return id;
  }

  private fail(error: RconError): void {
    if (!this.closedError) this.closedError = error;
    for (const [id, entry] of this.pending) {
      clearTimeout(entry.timer);
      entry.reject(error);
      this.pending.delete(id);
    }
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
    client.close();
  }
}
