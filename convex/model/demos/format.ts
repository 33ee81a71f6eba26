/**
 * What an uploaded file is, from its first bytes and size, and where its demo header says it was
 * recorded. Pure: unit-tested without a backend.
 *
 * A CS2 demo starts with `PBDEMS2\0` and two little-endian 32-bit offsets: where the file-info
 * message and the spawn groups are, near the end. The engine writes them when the recording is
 * stopped (`tv_stoprecord`, a map change); a recording cut off by a crash keeps them 0, so a demo
 * whose file-info offset does not point inside the file was never closed. MatchZy before 0.8
 * zipped the demo (`PK\3\4`), which is taken as it is.
 */
import { gameText } from "../../lib/gameBounds";

export const DEMO_MAGIC = "PBDEMS2\0";
const ZIP_MAGIC = "PK\x03\x04";
/** How many leading bytes `inspectDemo` and `readDemoHeader` read: the header frame fits. */
export const DEMO_HEAD_BYTES = 4096;
/** `EDemoCommands.DEM_FileHeader` (a compressed frame would carry the 64 flag: not read). */
const DEM_FILE_HEADER = 1;
/** `CDemoFileHeader` fields (demo.proto): server_name = 3, map_name = 5, as length-delimited. */
const SERVER_NAME_TAG = (3 << 3) | 2;
const MAP_NAME_TAG = (5 << 3) | 2;

export type DemoKind = "demo" | "truncated" | "zip" | "not_a_demo";

export function inspectDemo(head: Uint8Array, size: number): DemoKind {
  const text = String.fromCharCode(...head.subarray(0, 8));
  if (text.startsWith(ZIP_MAGIC)) return "zip";
  if (text !== DEMO_MAGIC || head.length < 16) return "not_a_demo";
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const fileInfo = view.getUint32(8, true);
  return fileInfo >= 16 && fileInfo < size ? "demo" : "truncated";
}

/** What a CS2 demo's header frame says about where it was recorded. */
export interface DemoHeader {
  mapName: string;
  serverName: string;
}

/** A protobuf varint at `at`: its value and the offset after it, or null past the end or too long. */
function varint(bytes: Uint8Array, at: number): [number, number] | null {
  let value = 0;
  for (let shift = 0, i = at; i < bytes.length && shift < 35; i++, shift += 7) {
    value += (bytes[i]! & 0x7f) * 2 ** shift;
    if ((bytes[i]! & 0x80) === 0) return [value, i + 1];
  }
  return null;
}

/** A header string as the polls bound the same name (UTF-8, control characters removed). */
const headerText = (bytes: Uint8Array, kind: "map" | "hostname") =>
  gameText(new TextDecoder("utf-8", { fatal: false }).decode(bytes), kind);

/**
 * The map and server name of a CS2 demo from its first bytes: after the 16-byte preamble the first
 * frame (command, tick, size as varints) is `DEM_FileHeader`, an uncompressed `CDemoFileHeader`.
 * Null when the bytes are no demo, the frame is not the header, is compressed, or does not fit.
 */
export function readDemoHeader(head: Uint8Array): DemoHeader | null {
  if (String.fromCharCode(...head.subarray(0, 8)) !== DEMO_MAGIC) return null;
  const command = varint(head, 16);
  if (!command || command[0] !== DEM_FILE_HEADER) return null;
  const tick = varint(head, command[1]);
  const size = tick && varint(head, tick[1]);
  if (!size || size[1] + size[0] > head.length) return null;
  const end = size[1] + size[0];
  const found: DemoHeader = { mapName: "", serverName: "" };
  for (let at = size[1]; at < end;) {
    const key = varint(head, at);
    if (!key) return null;
    const wire = key[0] & 7;
    if (wire === 0) {
      const skipped = varint(head, key[1]);
      if (!skipped) return null;
      at = skipped[1];
    } else if (wire === 2) {
      const length = varint(head, key[1]);
      if (!length || length[1] + length[0] > end) return null;
      const value = head.subarray(length[1], length[1] + length[0]);
      if (key[0] === MAP_NAME_TAG) found.mapName = headerText(value, "map");
      if (key[0] === SERVER_NAME_TAG) found.serverName = headerText(value, "hostname");
      at = length[1] + length[0];
    } else if (wire === 5) at = key[1] + 4;
    else if (wire === 1) at = key[1] + 8;
    else return null;
  }
  return found.mapName ? found : null;
}

/** A map's name as a demo header and a recorded map may both spell it: its last path segment. */
export function sameMapName(a: string, b: string): boolean {
  const last = (name: string) => (name.split("/").pop() ?? name).toLowerCase();
  return last(a) !== "" && last(a) === last(b);
}
