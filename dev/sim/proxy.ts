/**
 * The RCON proxy: HTTP in, real Source RCON out. Each request opens a TCP connection to
 * `X-Target-Host:X-Target-Port`, authenticates with `X-Rcon-Password`, runs one command and
 * hangs up. Reads use the plugin's JSON console commands (`css_panel_*`), as CS2 plugins that
 * expose `playerlist json` over RCON do; vanilla `status` has no teams or stats.
 */
import {
  API_KEY_HEADER,
  PROXY_HOST_HEADER,
  PROXY_PASSWORD_HEADER,
  PROXY_PORT_HEADER,
  type WireCommandResult,
} from "../../convex/lib/gameApi";
import { checkCommand } from "./command-policy";
import { Counters, FaultController } from "./faults";
import {
  type Guard,
  HttpError,
  Router,
  type SimRequest,
  createJsonServer,
  objectBody,
} from "./http-kit";
import { ManagedListener } from "./listener";
import { RconError, rconExec } from "../../convex/gameServer/rconClient";

export interface ProxyOptions {
  host: string;
  port: number;
  /** When set, requests must also carry `X-API-Key`. */
  apiKey?: string;
  /** Limit for each step of a request: connect, auth, command. */
  rconTimeoutMs: number;
  seed: number;
  log?: (message: string) => void;
}

interface Target {
  host: string;
  port: number;
  password: string;
}

const JSON_READS: Record<string, string> = {
  status: "css_panel_status",
  match: "css_panel_match",
  summary: "css_panel_summary",
  players: "css_panel_players",
};

export class RconProxy {
  readonly faults: FaultController;
  readonly counters = new Counters();
  readonly listener: ManagedListener;

  constructor(private readonly options: ProxyOptions) {
    this.faults = new FaultController(options.seed + 7);
    const server = createJsonServer({
      router: this.router(),
      counters: this.counters,
      faults: this.faults,
      ...(options.log ? { log: options.log } : {}),
    });
    this.listener = new ManagedListener(server, options.host, options.port);
    this.faults.onChange((f) => (f.offline ? this.listener.close() : this.listener.open()));
  }

  get port(): number {
    return this.listener.boundPort;
  }

  get url(): string {
    return `http://${this.options.host}:${this.port}`;
  }

  start(): Promise<void> {
    return this.listener.open();
  }

  stop(): Promise<void> {
    return this.listener.close();
  }

  private router(): Router {
    const r = new Router();
    const guard = this.guard();
    for (const [name, command] of Object.entries(JSON_READS)) {
      r.on(
        "GET",
        `/rcon/${name}`,
        async (req) => ({ body: await this.readJson(req, command) }),
        guard,
      );
    }
    r.on(
      "POST",
      "/rcon/command",
      async (req) => {
        const check = checkCommand(objectBody(req).command);
        if (!check.ok) throw new HttpError(check.status, check.error, check.details);
        const result = await this.exec(target(req.header), check.command);
        return { body: { success: true, result } satisfies WireCommandResult };
      },
      guard,
    );
    return r;
  }

  private guard(): Guard {
    return (header) => {
      if (this.options.apiKey !== undefined && header(API_KEY_HEADER) !== this.options.apiKey) {
        throw new HttpError(401, "Unauthorized");
      }
      target(header);
    };
  }

  private async readJson(req: SimRequest, command: string): Promise<unknown> {
    const output = await this.exec(target(req.header), command);
    try {
      return JSON.parse(output) as unknown;
    } catch {
      throw new HttpError(
        502,
        "Bad Gateway",
        `Target did not answer ${command} with JSON: ${output.slice(0, 120)}`,
      );
    }
  }

  private async exec(t: Target, command: string): Promise<string> {
    try {
      return await rconExec({ ...t, timeoutMs: this.options.rconTimeoutMs }, command);
    } catch (error) {
      if (!(error instanceof RconError)) throw error;
      const where = `${t.host}:${t.port}`;
      switch (error.code) {
        case "AUTH":
          throw new HttpError(401, "Unauthorized", "RCON auth failed");
        case "TIMEOUT":
          throw new HttpError(
            504,
            "Gateway Timeout",
            `RCON target ${where} did not answer: ${error.message}`,
          );
        case "CONNECT":
          throw new HttpError(
            502,
            "Bad Gateway",
            `Cannot reach RCON target ${where}: ${error.message}`,
          );
        default:
          throw new HttpError(
            502,
            "Bad Gateway",
            `RCON connection to ${where} failed: ${error.message}`,
          );
      }
    }
  }
}

function target(header: (name: string) => string | undefined): Target {
  const host = header(PROXY_HOST_HEADER)?.trim();
  const portText = header(PROXY_PORT_HEADER)?.trim();
  const password = header(PROXY_PASSWORD_HEADER);
  if (!host) throw new HttpError(400, "Missing header", PROXY_HOST_HEADER);
  if (!/^[A-Za-z0-9.\-:[\]]{1,253}$/.test(host)) {
    throw new HttpError(400, "Invalid header", `${PROXY_HOST_HEADER}: ${host}`);
  }
  if (!portText) throw new HttpError(400, "Missing header", PROXY_PORT_HEADER);
  const port = Number(portText);
  if (!/^\d{1,5}$/.test(portText) || port < 1 || port > 65535) {
    throw new HttpError(400, "Invalid header", `${PROXY_PORT_HEADER}: ${portText}`);
  }
  if (password === undefined || password === "") {
    throw new HttpError(400, "Missing header", PROXY_PASSWORD_HEADER);
  }
  return { host: host.replace(/^\[(.*)\]$/, "$1"), port, password };
}
