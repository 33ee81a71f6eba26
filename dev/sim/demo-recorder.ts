/**
 * GOTV recordings on a simulated server, and MatchZy's demo upload.
 *
 * - Console: `tv_record <name>` starts a recording while GOTV is on (`tv_enable 1`), `tv_stoprecord`
 *   ends it; the files are kept by name (`.dem` added) with their size, as CS2 writes them under
 *   `csgo/`. The panel drives these on servers without MatchZy.
 * - MatchZy (servers that run it): records each live map itself and, once the map is over, stops
 *   the recording and uploads the file to `matchzy_demo_upload_url`, as its DemoManagement.cs and
 *   Utility.cs `UploadFileAsync` do: one POST of the whole `.dem` as `application/octet-stream`
 *   (not zipped since 0.8) with `MatchZy-FileName`, `MatchZy-MatchId`, `MatchZy-MapNumber`,
 *   `MatchZy-RoundNumber` and the same as `Get5-*`, plus the custom header when both its key and
 *   value are set; redirects followed with the same method and body (.NET's RedirectHandler does
 *   for 307/308); a response that comes before the body is sent is taken only after it was (.NET's
 *   HttpConnection), so a server that answers and closes fails the upload; no retry; the outcome
 *   only logged. The wait before the upload is `tv_delay` + 15 s in MatchZy; here `uploadDelayMs`.
 *
 * The file's bytes are generated: a CS2 demo header (`PBDEMS2\0`, then the file-info and spawn
 * group offsets the engine writes when the recording is closed, 0 when it never was) and seeded
 * high-entropy bytes, as the engine's Snappy-compressed packets are (a demo barely compresses).
 * Knobs (`setOptions`, the control API's `PUT /__sim/servers/:id/demo`): the size, an unclosed
 * recording (a server that died mid-map), a connection cut after N bytes, the delay.
 */
import { createHash } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { MATCHZY_DEMO_CVARS } from "../../convex/lib/demos";
import type { Cvars } from "./cvars";
import { isHttpUrl } from "./matchzy";
import type { GameWorld } from "./world";

export interface DemoOptions {
  /** Size of a recorded demo in bytes (default 60 MB). */
  bytes: number;
  /** The recording is never closed: its header offsets stay 0. */
  unclosed: boolean;
  /** The upload's connection is cut after this many bytes of the file (0: never). */
  cutAfterBytes: number;
  /** From the map's end to the upload (MatchZy: tv_delay + 15 s). */
  uploadDelayMs: number;
}

export const DEFAULT_DEMO_OPTIONS: DemoOptions = {
  bytes: 60 * 1024 * 1024,
  unclosed: false,
  cutAfterBytes: 0,
  uploadDelayMs: 1000,
};
const MAX_DEMO_BYTES = 1536 * 1024 * 1024;
const MAX_REDIRECTS = 5;
/** .NET HttpClient's default timeout, which MatchZy keeps. */
const UPLOAD_TIMEOUT_MS = 100_000;

export interface DemoFile {
  /** As CS2 names it under `csgo/` (`.dem` added). */
  path: string;
  bytes: number;
  closed: boolean;
  by: "console" | "matchzy";
  /** What its header names: the map and the server's hostname when the recording started. */
  mapName: string;
  serverName: string;
}

export interface DemoUpload {
  fileName: string;
  matchId: number;
  mapNumber: number;
  bytes: number;
  /** Final status after redirects, or 0 when no answer came. */
  status: number;
  redirects: number;
  error?: string;
  /** The sha256 (hex) of what was sent. */
  sha256: string;
}

const varint = (n: number): number[] => {
  const out: number[] = [];
  for (; n >= 0x80; n = Math.floor(n / 0x80)) out.push((n % 0x80) | 0x80);
  out.push(n);
  return out;
};
const field = (tag: number, text: string): number[] => {
  const bytes = [...Buffer.from(text, "utf8")];
  return [(tag << 3) | 2, ...varint(bytes.length), ...bytes];
};

/**
 * The first frame CS2 writes after the preamble: `DEM_FileHeader` (command 1, tick 0, size) with a
 * `CDemoFileHeader` (demo.proto: demo_file_stamp 1, network_protocol 2, server_name 3, client_name
 * 4, map_name 5, game_directory 6).
 */
export function demoHeaderFrame(mapName: string, serverName: string): Buffer {
  const header = [
    ...field(1, "PBDEMS2"),
    2 << 3,
    ...varint(14_065),
    ...field(3, serverName),
    ...field(4, "SourceTV Demo"),
    ...field(5, mapName),
    ...field(6, "/home/steam/cs2/game/csgo"),
  ];
  return Buffer.from([1, 0, ...varint(header.length), ...header]);
}

/**
 * CS2 demo bytes: the preamble with the offsets (0 when never closed), the header frame naming the
 * map and server, then seeded high-entropy bytes.
 */
export function generateDemo(
  size: number,
  seed: number,
  closed: boolean,
  where: { mapName: string; serverName: string } = { mapName: "de_dust2", serverName: "CS2" },
): Buffer {
  const out = Buffer.allocUnsafe(size);
  let x = seed >>> 0 || 1;
  // xorshift32, four bytes at a time: ~60 MB in well under a second.
  for (let i = 0; i + 4 <= size; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out.writeUInt32LE(x >>> 0, i);
  }
  for (let i = size - (size % 4); i < size; i++) out[i] = i & 0xff;
  out.write("PBDEMS2\0", 0, "latin1");
  out.writeUInt32LE(closed ? size - 64 : 0, 8);
  out.writeUInt32LE(closed ? size - 32 : 0, 12);
  const frame = demoHeaderFrame(where.mapName, where.serverName);
  if (size >= 16 + frame.length) frame.copy(out, 16);
  return out;
}

/** `matchzy_demo_upload_url` and its header commands, as MatchZy takes them (ConfigConvars.cs). */
export function demoUploadCommand(cvars: Cvars, name: string, args: string[]): string {
  if (args.length === 0) return cvars.describe(name);
  const value = (args[0] ?? "").trim();
  if (name === MATCHZY_DEMO_CVARS.url) {
    if (!isHttpUrl(value)) {
      return `[MatchZyDemoUploadURL] Invalid URL: ${value}. Please provide a valid URL for uploading the demo!`;
    }
    cvars.set(name, value);
    return "";
  }
  if (value !== "") cvars.set(name, value);
  return "";
}

export function demoUploadCvar(command: string): string | undefined {
  const lower = command.toLowerCase().replace(/^get5_/, "matchzy_");
  return (Object.values(MATCHZY_DEMO_CVARS) as string[]).includes(lower) ? lower : undefined;
}

export class DemoRecorder {
  options: DemoOptions = { ...DEFAULT_DEMO_OPTIONS };
  readonly files: DemoFile[] = [];
  readonly uploads: DemoUpload[] = [];
  private recording: DemoFile | null = null;
  private readonly pending = new Set<Promise<void>>();
  private readonly requests = new Set<http.ClientRequest>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;
  private uploadsMade = 0;

  constructor(
    private readonly world: GameWorld,
    private readonly matchzy: { matchId: () => number; seed: number } | null,
    private readonly log?: (message: string) => void,
  ) {
    if (matchzy) world.onMatchEvent((event) => this.onMatchEvent(event.type));
  }

  setOptions(patch: Record<string, unknown>): DemoOptions {
    const next = { ...this.options };
    const int = (v: unknown, max: number) =>
      typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= max;
    if ("bytes" in patch) {
      if (!int(patch.bytes, MAX_DEMO_BYTES) || (patch.bytes as number) < 16) {
        throw new Error(`bytes must be an integer 16..${MAX_DEMO_BYTES}`);
      }
      next.bytes = patch.bytes as number;
    }
    if ("unclosed" in patch) {
      if (typeof patch.unclosed !== "boolean") throw new Error("unclosed must be a boolean");
      next.unclosed = patch.unclosed;
    }
    if ("cutAfterBytes" in patch) {
      if (!int(patch.cutAfterBytes, MAX_DEMO_BYTES)) throw new Error("cutAfterBytes: 0.. bytes");
      next.cutAfterBytes = patch.cutAfterBytes as number;
    }
    if ("uploadDelayMs" in patch) {
      if (!int(patch.uploadDelayMs, 600_000)) throw new Error("uploadDelayMs: 0..600000");
      next.uploadDelayMs = patch.uploadDelayMs as number;
    }
    this.options = next;
    return next;
  }

  state() {
    return {
      recording: this.recording?.path ?? null,
      files: [...this.files],
      uploads: [...this.uploads],
      options: { ...this.options },
    };
  }

  /** `tv_record <name>`: CS2 refuses while GOTV is off. */
  tvRecord(name: string | undefined): string {
    if (!this.world.cvars.get("tv_enable").match(/^(1|true)$/i)) {
      return "Error: GOTV [CSTV] is not active. Set tv_enable 1 and change level.";
    }
    const path = (name ?? "").replace(/\.dem$/i, "");
    if (!/^[A-Za-z0-9_./-]{1,200}$/.test(path) || path.includes("..")) {
      return "Syntax:  tv_record  <filename>";
    }
    if (this.recording) return "Already recording.";
    this.recording = {
      path: `${path}.dem`,
      bytes: 0,
      closed: false,
      by: "console",
      ...this.where(),
    };
    this.files.push(this.recording);
    return `Recording to ${path}.dem...`;
  }

  /** `tv_stoprecord`: the file gets its size and its header offsets. */
  tvStopRecord(): string {
    const file = this.recording;
    if (!file) return "Not recording.";
    this.recording = null;
    file.bytes = this.options.bytes;
    file.closed = !this.options.unclosed;
    return `Completed demo, recording time ${Math.round(this.options.bytes / 40_000)}s.`;
  }

  private where() {
    return { mapName: this.world.map, serverName: this.world.cvars.get("hostname") };
  }

  /** Resolves once every upload under way is done. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    for (const req of this.requests) req.destroy(new Error("simulator stopped"));
  }

  private onMatchEvent(type: string): void {
    // MatchZy records every live map; the simulator only while an upload URL is set, so a server
    // without one is free for the panel's own `tv_record`.
    if (type === "live" && !this.recording && this.world.cvars.get(MATCHZY_DEMO_CVARS.url)) {
      const stamp = new Date(this.world.clock.now())
        .toISOString()
        .slice(0, 19)
        .replace(/[T:]/g, "_");
      const t1 = (this.world.cvars.get("mp_teamname_1") || "team1").replace(/[^A-Za-z0-9_-]/g, "_");
      const t2 = (this.world.cvars.get("mp_teamname_2") || "team2").replace(/[^A-Za-z0-9_-]/g, "_");
      const map = this.world.map.replace(/[^A-Za-z0-9_-]/g, "_");
      const id = this.matchzy!.matchId();
      this.recording = {
        path: `MatchZy/${stamp}_${id}_${map}_${t1}_vs_${t2}.dem`,
        bytes: 0,
        closed: false,
        by: "matchzy",
        ...this.where(),
      };
      this.files.push(this.recording);
    } else if (type === "matchOver" && this.recording?.by === "matchzy") {
      const file = this.recording;
      const matchId = this.matchzy!.matchId();
      const rounds = this.world.match.scoreCT + this.world.match.scoreT;
      this.tvStopRecord();
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.track(this.upload(file, matchId, 0, rounds));
      }, this.options.uploadDelayMs);
      this.timers.add(timer);
    }
  }

  private track(promise: Promise<void>): void {
    this.pending.add(promise);
    void promise.finally(() => this.pending.delete(promise));
  }

  /** One upload as MatchZy's UploadFileAsync: never throws, the outcome logged and kept. */
  async upload(file: DemoFile, matchId: number, mapNumber: number, rounds: number): Promise<void> {
    const cvars = this.world.cvars;
    const url = cvars.get(MATCHZY_DEMO_CVARS.url);
    if (url === "" || this.stopped) return;
    const body = generateDemo(
      file.bytes,
      this.matchzy!.seed + ++this.uploadsMade,
      file.closed,
      file,
    );
    const fileName = file.path.split("/").pop()!;
    const key = cvars.get(MATCHZY_DEMO_CVARS.headerKey);
    const value = cvars.get(MATCHZY_DEMO_CVARS.headerValue);
    const headers: Record<string, string> = {
      "Content-Type": "application/octet-stream",
      "MatchZy-FileName": fileName,
      "MatchZy-MatchId": String(matchId),
      "MatchZy-MapNumber": String(mapNumber),
      "MatchZy-RoundNumber": String(rounds),
      "Get5-FileName": fileName,
      "Get5-MatchId": String(matchId),
      "Get5-MapNumber": String(mapNumber),
      "Get5-RoundNumber": String(rounds),
      ...(key !== "" && value !== "" ? { [key]: value } : {}),
    };
    const record: DemoUpload = {
      fileName,
      matchId,
      mapNumber,
      bytes: body.length,
      status: 0,
      redirects: 0,
      sha256: createHash("sha256").update(body).digest("hex"),
    };
    let target = url;
    try {
      for (;;) {
        const answer = await this.post(target, headers, body);
        record.status = answer.status;
        const location = answer.location;
        if ((answer.status === 307 || answer.status === 308) && location) {
          if (++record.redirects > MAX_REDIRECTS) throw new Error("too many redirects");
          target = new URL(location, target).toString();
          continue;
        }
        break;
      }
      const ok = record.status >= 200 && record.status < 300;
      this.log?.(
        ok
          ? `[UploadFileAsync] File upload successful for matchId: ${matchId} mapNumber: ${mapNumber} fileName: ${fileName}.`
          : `[UploadFileAsync ERROR] Failed to upload file. Status code: ${record.status}`,
      );
    } catch (error) {
      record.error = error instanceof Error ? error.message : String(error);
      this.log?.(`[UploadFileAsync FATAL] An error occurred: ${record.error}`);
    }
    this.uploads.push(record);
  }

  private post(
    url: string,
    headers: Record<string, string>,
    body: Buffer,
  ): Promise<{ status: number; location?: string }> {
    const cut = this.options.cutAfterBytes;
    return new Promise((resolve, reject) => {
      const target = new URL(url);
      const client = target.protocol === "https:" ? https : http;
      const req = client.request(target, {
        method: "POST",
        agent: false,
        headers: { ...headers, "Content-Length": String(body.length) },
      });
      this.requests.add(req);
      const timer = setTimeout(() => req.destroy(new Error("upload timed out")), UPLOAD_TIMEOUT_MS);
      const done = () => {
        clearTimeout(timer);
        this.requests.delete(req);
      };
      // As .NET's HttpConnection: a response that arrives while the body is still being sent is
      // taken only once the whole body went out; a connection closed before that fails the request.
      let sent = false;
      let answer: { status: number; location?: string } | null = null;
      const settle = () => {
        if (!sent || !answer) return;
        done();
        resolve(answer);
      };
      req.on("finish", () => ((sent = true), settle()));
      req.on("error", (error) => (done(), reject(error)));
      req.on("response", (res) => {
        res.resume();
        res.on("end", () => {
          const location = res.headers.location;
          answer = { status: res.statusCode ?? 0, ...(location ? { location } : {}) };
          settle();
        });
      });
      if (cut > 0 && cut < body.length) {
        req.write(body.subarray(0, cut), () => req.destroy(new Error("connection cut mid-upload")));
      } else {
        req.end(body);
      }
    });
  }
}
