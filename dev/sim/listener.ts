/**
 * A TCP listener that can go offline and come back on the same port, for fault injection and
 * simulated restarts. Going offline closes the listening socket (new connections are refused)
 * and destroys open ones (keep-alive HTTP, RCON sessions, requests held by a timeout fault).
 */
import type net from "node:net";

export class ManagedListener {
  private readonly sockets = new Set<net.Socket>();
  private port: number;
  private listening = false;
  /** Serialises open/close so quick toggles cannot interleave. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly server: net.Server,
    private readonly host: string,
    port: number,
  ) {
    this.port = port;
    server.on("connection", (socket: net.Socket) => {
      this.sockets.add(socket);
      socket.once("close", () => this.sockets.delete(socket));
    });
  }

  /** The bound port (the real one once an ephemeral port 0 has been assigned). */
  get boundPort(): number {
    return this.port;
  }

  get isListening(): boolean {
    return this.listening;
  }

  open(): Promise<void> {
    return this.enqueue(async () => {
      if (this.listening) return;
      await new Promise<void>((resolve, reject) => {
        const onError = (error: Error) => reject(error);
        this.server.once("error", onError);
        this.server.listen(this.port, this.host, () => {
          this.server.off("error", onError);
          resolve();
        });
      });
      const address = this.server.address();
      if (address && typeof address === "object") this.port = address.port;
      this.listening = true;
    });
  }

  close(): Promise<void> {
    return this.enqueue(async () => {
      if (!this.listening) return;
      this.listening = false;
      const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
      for (const socket of this.sockets) socket.destroy();
      await closed;
    });
  }

  destroyConnections(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    const run = this.queue.then(step);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
