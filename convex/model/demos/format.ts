/**
 * What an uploaded file is, from its first bytes and size, and what MatchZy's upload headers say.
 * Pure: unit-tested without a backend.
 *
 * A CS2 demo starts with `PBDEMS2\0` and two little-endian 32-bit offsets: where the file-info
 * message and the spawn groups are, near the end. The engine writes them when the recording is
 * stopped (`tv_stoprecord`, a map change); a recording cut off by a crash keeps them 0, so a demo
 * whose file-info offset does not point inside the file was never closed. MatchZy before 0.8
 * zipped the demo (`PK\3\4`), which is taken as it is.
 */
import { DEMO_MAX_BYTES, DEMO_MIN_BYTES, MATCHZY_DEMO_HEADERS } from "../../lib/demos";

export const DEMO_MAGIC = "PBDEMS2\0";
const ZIP_MAGIC = "PK\x03\x04";
/** How many leading bytes `inspectDemo` needs. */
export const DEMO_HEAD_BYTES = 16;

export type DemoKind = "demo" | "truncated" | "zip" | "not_a_demo";

export function inspectDemo(head: Uint8Array, size: number): DemoKind {
  const text = String.fromCharCode(...head.subarray(0, 8));
  if (text.startsWith(ZIP_MAGIC)) return "zip";
  if (text !== DEMO_MAGIC || head.length < 16) return "not_a_demo";
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const fileInfo = view.getUint32(8, true);
  return fileInfo >= 16 && fileInfo < size ? "demo" : "truncated";
}

/** An upload MatchZy announced, as its headers and length say. */
export interface DemoAnnouncement {
  fileName: string;
  matchzyMatchId: number | null;
  mapNumber: number | null;
  size: number;
}

export type AnnouncementCheck =
  { ok: true; upload: DemoAnnouncement } | { ok: false; status: number; error: string };

const FILE_NAME_RE = /^[A-Za-z0-9._-]{1,200}$/;
const SMALL_INT_RE = /^\d{1,15}$/;

/** A file name safe to show and to offer as a download name: the base name, odd characters replaced. */
export function cleanFileName(raw: string | null): string {
  const base = (raw ?? "").split(/[\\/]/).pop() ?? "";
  const cleaned = base.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 200);
  return FILE_NAME_RE.test(cleaned) && /\.(dem|zip)$/i.test(cleaned) ? cleaned : "";
}

const intHeader = (value: string | null): number | null =>
  value !== null && SMALL_INT_RE.test(value.trim()) ? Number(value.trim()) : null;

/**
 * Checks what can be checked before any byte is taken: a declared length within bounds (a body of
 * unknown length is refused: MatchZy always sends one) and a demo's file name.
 */
export function readAnnouncement(headers: Headers): AnnouncementCheck {
  const length = headers.get("content-length");
  if (length === null || !SMALL_INT_RE.test(length)) {
    return { ok: false, status: 411, error: "Content-Length required" };
  }
  const size = Number(length);
  if (size > DEMO_MAX_BYTES) return { ok: false, status: 413, error: "Demo too large" };
  if (size < DEMO_MIN_BYTES) return { ok: false, status: 400, error: "Not a demo" };
  const fileName = cleanFileName(
    headers.get(MATCHZY_DEMO_HEADERS.fileName) ?? headers.get("Get5-FileName"),
  );
  if (fileName === "") return { ok: false, status: 400, error: "Not a demo file name" };
  return {
    ok: true,
    upload: {
      fileName,
      size,
      matchzyMatchId: intHeader(
        headers.get(MATCHZY_DEMO_HEADERS.matchId) ?? headers.get("Get5-MatchId"),
      ),
      mapNumber: intHeader(
        headers.get(MATCHZY_DEMO_HEADERS.mapNumber) ?? headers.get("Get5-MapNumber"),
      ),
    },
  };
}
