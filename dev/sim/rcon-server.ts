/**
 * Source RCON over TCP, CS2 flavour: a single AUTH_RESPONSE (id -1 on a wrong password), an empty
 * RESPONSE_VALUE for EXEC before auth, one packet per reply whatever its size, and the mirror +
 * `00 01 00 00` answer to an empty RESPONSE_VALUE probe. An address with `maxAuthFailures` wrong
 * passwords is banned: its connections are closed at once, as srcds does after repeated failures.
 *
 * Fault settings (faults.ts) make it answer like older Source servers or a failing one: replies
 * split into several packets (`rconSplitBytes`, written in small TCP chunks too), an empty
 * RESPONSE_VALUE before AUTH_RESPONSE (`rconLegacyAuth`), a reply cut off by a closed connection
 * (`rconDropMidReplyRate`), or a level change taken and never answered (`rconStallLevelChangeRate`).
 */
import net from "node:net";
import { type Counters, type FaultController } from "./faults";
import { ManagedListener } from "./listener";
import {
  MAX_CLIENT_PACKET_SIZE,
  MIN_PACKET_SIZE,
  concat,
  PacketDecoder,
  type RconPacket,
  SERVERDATA_AUTH,
  SERVERDATA_AUTH_RESPONSE,
  SERVERDATA_EXECCOMMAND,
  SERVERDATA_RESPONSE_VALUE,
  TERMINATOR_BODY,
  encodePacket,
} from "../../convex/gameServer/rconCodec";

/** The console commands that load a level (the ones CS2 may stall or hang up on). */
const LEVEL_CHANGE = /^\s*(changelevel|map|host_workshop_map|ds_workshop_changelevel)\b/i;

export interface RconServerOptions {
  host: string;
  port: number;
  /** Read on every auth: `rcon_password` can change at run time. */
  password: () => string;
  /** Runs an authenticated client's command; `from` is its `ip:port` (CS2 logs it). */
  execute: (command: string, from: string) => string;
  faults: FaultController;
  counters: Counters;
  /** Wrong passwords from one address before it is banned (srcds: `sv_rcon_maxfailures`). */
  maxAuthFailures?: number;
  log?: (message: string) => void;
}

export const DEFAULT_MAX_AUTH_FAILURES = 5;

export class RconServer {
  readonly listener: ManagedListener;
  private readonly sessions = new Set<net.Socket>();
  private readonly authFailures = new Map<string, number>();
  private readonly banned = new Set<string>();

  constructor(private readonly options: RconServerOptions) {
    const server = net.createServer((socket) => this.accept(socket));
    this.listener = new ManagedListener(server, options.host, options.port);
  }

  get port(): number {
    return this.listener.boundPort;
  }

  /** Addresses banned after too many wrong passwords. */
  bannedAddresses(): string[] {
    return [...this.banned];
  }

  clearBans(): void {
    this.banned.clear();
    this.authFailures.clear();
  }

  /** Ends every session after flushing what was already written (the reply that caused it). */
  dropSessions(): void {
    const sessions = [...this.sessions];
    setImmediate(() => {
      for (const socket of sessions) socket.end();
    });
  }

  private accept(socket: net.Socket): void {
    const address = socket.remoteAddress ?? "";
    if (this.banned.has(address)) {
      this.options.counters.inc("RCON refused (banned)");
      socket.destroy();
      return;
    }
    socket.setNoDelay(true);
    this.sessions.add(socket);
    socket.once("close", () => this.sessions.delete(socket));
    socket.on("error", () => socket.destroy());
    const decoder = new PacketDecoder(MAX_CLIENT_PACKET_SIZE);
    const session = { authed: false, stalled: false };
    // Replies leave in request order even when latency is injected.
    let chain = Promise.resolve();
    socket.on("data", (chunk) => {
      let packets: RconPacket[];
      try {
        packets = decoder.push(chunk);
      } catch {
        // A bad size prefix leaves no way to find the next frame: hang up, as srcds does.
        socket.destroy();
        return;
      }
      for (const packet of packets) {
        // A packet that fails is answered with an error line, and the chain stays usable for the
        // next one: one bad command must neither stall the session nor take down the process.
        chain = chain
          .then(() => this.onPacket(socket, session, packet, address))
          .catch((error: unknown) => this.onPacketError(socket, packet, error));
      }
    });
  }

  /** Whatever went wrong with one packet, the client gets a reply with its id. */
  private onPacketError(socket: net.Socket, packet: RconPacket, error: unknown): void {
    this.options.log?.(
      `RCON packet ${packet.id} (type ${packet.type}) failed: ${errorText(error)}`,
    );
    if (socket.destroyed || !socket.writable) return;
    const body = `Error: ${errorText(error)}`;
    try {
      socket.write(encodePacket({ id: packet.id, type: SERVERDATA_RESPONSE_VALUE, body }));
    } catch {
      socket.destroy();
    }
  }

  private async onPacket(
    socket: net.Socket,
    session: { authed: boolean; stalled: boolean },
    packet: RconPacket,
    address: string,
  ) {
    const { faults, counters } = this.options;
    counters.inc(counterKey(packet, session.authed));
    // A stalled level change: the session answers nothing more, not even the reply terminator.
    if (session.stalled || faults.roll("timeoutRate")) return;
    const latency = faults.get().latencyMs;
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
    if (socket.destroyed || !socket.writable) return;
    const reply = (id: number, type: number, body = "") =>
      socket.write(encodePacket({ id, type, body }));
    switch (packet.type) {
      case SERVERDATA_AUTH: {
        session.authed = packet.body === this.options.password();
        if (faults.get().rconLegacyAuth) reply(packet.id, SERVERDATA_RESPONSE_VALUE);
        reply(session.authed ? packet.id : -1, SERVERDATA_AUTH_RESPONSE);
        if (!session.authed) this.authFailed(address, socket);
        return;
      }
      case SERVERDATA_EXECCOMMAND: {
        if (session.authed && LEVEL_CHANGE.test(packet.body)) {
          session.stalled = faults.roll("rconStallLevelChangeRate");
          if (session.stalled) return;
        }
        const from = `${(socket.remoteAddress ?? "").replace(/^::ffff:/, "")}:${socket.remotePort ?? 0}`;
        const output = session.authed ? this.options.execute(packet.body, from) : "";
        this.writeReply(socket, packet.id, output);
        return;
      }
      case SERVERDATA_RESPONSE_VALUE: {
        reply(packet.id, SERVERDATA_RESPONSE_VALUE);
        reply(packet.id, SERVERDATA_RESPONSE_VALUE, TERMINATOR_BODY);
        return;
      }
    }
  }

  /** A wrong password: counted per address; at the limit the address is banned and hung up on. */
  private authFailed(address: string, socket: net.Socket): void {
    const failures = (this.authFailures.get(address) ?? 0) + 1;
    this.authFailures.set(address, failures);
    if (failures < (this.options.maxAuthFailures ?? DEFAULT_MAX_AUTH_FAILURES)) return;
    this.banned.add(address);
    this.options.log?.(`RCON: banning ${address} after ${failures} failed auths`);
    socket.end();
  }

  /** One reply, as one packet (CS2) or split like older servers, or cut off by a dropped socket. */
  private writeReply(socket: net.Socket, id: number, output: string): void {
    const { faults } = this.options;
    const split = faults.get().rconSplitBytes;
    const bytes = new TextEncoder().encode(output);
    const packets: Uint8Array[] = [];
    if (split === 0 || bytes.length <= split) {
      packets.push(encodePacket({ id, type: SERVERDATA_RESPONSE_VALUE, body: output }));
    } else {
      // Split on byte boundaries, as srcds does: a UTF-8 character may straddle two packets.
      for (let at = 0; at < bytes.length; at += split) {
        packets.push(encodeRaw(id, bytes.subarray(at, at + split)));
      }
    }
    const wire = concatAll(packets);
    if (faults.roll("rconDropMidReplyRate")) {
      socket.end(wire.subarray(0, Math.max(1, Math.floor(wire.length / 2))));
      return;
    }
    // Older servers' split replies also reach the client in several TCP reads.
    const chunk = split === 0 ? wire.length : Math.max(1, split >> 1);
    for (let at = 0; at < wire.length; at += chunk) socket.write(wire.subarray(at, at + chunk));
  }
}

/** A RESPONSE_VALUE packet whose body is given as bytes (a slice of a longer UTF-8 reply). */
function encodeRaw(id: number, body: Uint8Array): Uint8Array {
  const packet = encodePacket({ id, type: SERVERDATA_RESPONSE_VALUE, body: "" });
  const out = new Uint8Array(packet.length + body.length);
  out.set(packet.subarray(0, 12), 0);
  out.set(body, 12);
  new DataView(out.buffer).setInt32(0, body.length + MIN_PACKET_SIZE, true);
  return out;
}

function concatAll(parts: Uint8Array[]): Uint8Array {
  return parts.reduce((a, b) => concat(a, b), new Uint8Array(0));
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function counterKey(packet: RconPacket, authed: boolean): string {
  if (packet.type === SERVERDATA_AUTH) return "RCON auth";
  if (packet.type === SERVERDATA_RESPONSE_VALUE) return "RCON probe";
  if (packet.type !== SERVERDATA_EXECCOMMAND) return "RCON other";
  if (!authed) return "RCON exec (unauthenticated)";
  const name = packet.body.trim().split(/\s+/)[0]?.toLowerCase() ?? "";
  return `RCON exec ${name.slice(0, 40) || "(empty)"}`;
}
