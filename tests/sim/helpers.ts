/** Shared helpers for the simulator tests: ephemeral ports, fixed seed, manual ticks. */
import net from "node:net";
import {
  API_KEY_HEADER,
  PROXY_HOST_HEADER,
  PROXY_PASSWORD_HEADER,
  PROXY_PORT_HEADER,
} from "../../convex/lib/gameApi";
import { PacketDecoder, type RconPacket, encodePacket } from "../../convex/gameServer/rconCodec";
import {
  type SimServerHandle,
  type SimulatorOptions,
  startSimulator,
} from "../../dev/sim/simulator";

export function startTestSim(options: SimulatorOptions = {}) {
  return startSimulator({
    ephemeral: true,
    tickMs: 0,
    seed: 7,
    downtimeMs: 150,
    rconTimeoutMs: 1000,
    ...options,
  });
}

export interface JsonReply<T = unknown> {
  status: number;
  body: T;
}

export async function request<T = unknown>(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<JsonReply<T>> {
  const res = await fetch(url, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { "content-type": "application/json", ...init.headers },
    ...(init.body === undefined
      ? {}
      : { body: typeof init.body === "string" ? init.body : JSON.stringify(init.body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

export function keyHeader(server: SimServerHandle): Record<string, string> {
  return { [API_KEY_HEADER]: server.config.apiKey };
}

export function proxyHeaders(server: SimServerHandle, password = server.config.rconPassword) {
  return {
    [PROXY_HOST_HEADER]: "127.0.0.1",
    [PROXY_PORT_HEADER]: String(server.rconPort),
    [PROXY_PASSWORD_HEADER]: password,
  };
}

/** A bare TCP RCON peer for protocol-level tests: writes raw bytes, collects framed packets. */
export class RawRcon {
  readonly packets: RconPacket[] = [];
  closed = false;
  private readonly decoder = new PacketDecoder();
  private waiters: Array<() => void> = [];

  private constructor(readonly socket: net.Socket) {
    socket.on("data", (chunk) => {
      this.packets.push(...this.decoder.push(chunk));
      this.notify();
    });
    socket.on("close", () => {
      this.closed = true;
      this.notify();
    });
    socket.on("error", () => undefined);
  }

  static connect(port: number): Promise<RawRcon> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: "127.0.0.1", port }, () => resolve(new RawRcon(socket)));
      socket.once("error", reject);
    });
  }

  send(id: number, type: number, body = ""): void {
    this.socket.write(encodePacket({ id, type, body }));
  }

  /** Resolves once `count` packets in total have arrived (or the socket closed). */
  async waitFor(count: number, timeoutMs = 2000): Promise<RconPacket[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.packets.length < count && !this.closed) {
      if (Date.now() > deadline) throw new Error(`Got ${this.packets.length}/${count} packets`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return this.packets.slice(0, count);
  }

  async waitClosed(timeoutMs = 2000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error("socket still open");
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  close(): void {
    this.socket.destroy();
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
