/**
 * Source RCON over TCP, CS2 flavour (research §3): a single AUTH_RESPONSE (id -1 on a wrong
 * password), an empty RESPONSE_VALUE for EXEC before auth, one packet per reply whatever its
 * size, and the mirror + `00 01 00 00` answer to an empty RESPONSE_VALUE probe.
 */
import net from "node:net";
import { type Counters, type FaultController } from "./faults";
import { ManagedListener } from "./listener";
import {
  MAX_CLIENT_PACKET_SIZE,
  PacketDecoder,
  type RconPacket,
  SERVERDATA_AUTH,
  SERVERDATA_AUTH_RESPONSE,
  SERVERDATA_EXECCOMMAND,
  SERVERDATA_RESPONSE_VALUE,
  TERMINATOR_BODY,
  encodePacket,
} from "./rcon-codec";

export interface RconServerOptions {
  host: string;
  port: number;
  /** Read on every auth: `rcon_password` can change at run time. */
  password: () => string;
  execute: (command: string) => string;
  faults: FaultController;
  counters: Counters;
  log?: (message: string) => void;
}

export class RconServer {
  readonly listener: ManagedListener;
  private readonly sessions = new Set<net.Socket>();

  constructor(private readonly options: RconServerOptions) {
    const server = net.createServer((socket) => this.accept(socket));
    this.listener = new ManagedListener(server, options.host, options.port);
  }

  get port(): number {
    return this.listener.boundPort;
  }

  /** Ends every session after flushing what was already written (the reply that caused it). */
  dropSessions(): void {
    const sessions = [...this.sessions];
    setImmediate(() => {
      for (const socket of sessions) socket.end();
    });
  }

  private accept(socket: net.Socket): void {
    socket.setNoDelay(true);
    this.sessions.add(socket);
    socket.once("close", () => this.sessions.delete(socket));
    socket.on("error", () => socket.destroy());
    const decoder = new PacketDecoder(MAX_CLIENT_PACKET_SIZE);
    const session = { authed: false };
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
          .then(() => this.onPacket(socket, session, packet))
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

  private async onPacket(socket: net.Socket, session: { authed: boolean }, packet: RconPacket) {
    const { faults, counters } = this.options;
    counters.inc(counterKey(packet, session.authed));
    if (faults.roll("timeoutRate")) return;
    const latency = faults.get().latencyMs;
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
    if (socket.destroyed || !socket.writable) return;
    const reply = (id: number, type: number, body = "") =>
      socket.write(encodePacket({ id, type, body }));
    switch (packet.type) {
      case SERVERDATA_AUTH: {
        session.authed = packet.body === this.options.password();
        reply(session.authed ? packet.id : -1, SERVERDATA_AUTH_RESPONSE);
        return;
      }
      case SERVERDATA_EXECCOMMAND: {
        const output = session.authed ? this.options.execute(packet.body) : "";
        reply(packet.id, SERVERDATA_RESPONSE_VALUE, output);
        return;
      }
      case SERVERDATA_RESPONSE_VALUE: {
        reply(packet.id, SERVERDATA_RESPONSE_VALUE);
        reply(packet.id, SERVERDATA_RESPONSE_VALUE, TERMINATOR_BODY);
        return;
      }
    }
  }
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
