/**
 * Source RCON packet codec, shared by the panel's RCON client and the simulator's RCON server.
 * Pure: no Node APIs, only Uint8Array/DataView/TextEncoder.
 *
 * Wire layout, all int32 little-endian: size | id | type | body bytes | 0x00 | 0x00,
 * where size counts everything after itself (so the minimum is 10).
 */

export const SERVERDATA_AUTH = 3;
export const SERVERDATA_EXECCOMMAND = 2;
export const SERVERDATA_AUTH_RESPONSE = 2;
export const SERVERDATA_RESPONSE_VALUE = 0;

/** size of an empty packet: id + type + two NULs. */
export const MIN_PACKET_SIZE = 10;
/** Largest size a server accepts from a client (body ≤ 4086 bytes). */
export const MAX_CLIENT_PACKET_SIZE = 4096;
/** CS2 replies in one packet whatever the length, so clients must accept far more than 4096. */
export const MAX_SERVER_PACKET_SIZE = 4 * 1024 * 1024;
/** Body the server sends after mirroring an empty RESPONSE_VALUE (the multi-packet trick). */
export const TERMINATOR_BODY = "\x00\x01\x00\x00";

export interface RconPacket {
  id: number;
  type: number;
  body: string;
}

/** A packet as read off the wire, with its body's raw bytes: split replies join before decoding. */
export interface RconFrame {
  packet: RconPacket;
  raw: Uint8Array;
}

export class RconProtocolError extends Error {
  override name = "RconProtocolError";
  constructor(
    message: string,
    /** The size prefix announced more than the reader accepts. */
    readonly tooLarge = false,
  ) {
    super(message);
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8");

export function encodePacket(packet: RconPacket): Uint8Array {
  const body = encoder.encode(packet.body);
  const size = body.length + MIN_PACKET_SIZE;
  const out = new Uint8Array(size + 4);
  const view = new DataView(out.buffer);
  view.setInt32(0, size, true);
  view.setInt32(4, packet.id, true);
  view.setInt32(8, packet.type, true);
  out.set(body, 12);
  // The two trailing NULs are already zero in a fresh Uint8Array.
  return out;
}

/** Decodes one packet from the start of `bytes`; null when it is not complete yet. */
export function decodePacket(
  bytes: Uint8Array,
  maxSize: number = MAX_SERVER_PACKET_SIZE,
): (RconFrame & { length: number }) | null {
  if (bytes.length < 4) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = view.getInt32(0, true);
  if (size < MIN_PACKET_SIZE || size > maxSize) {
    throw new RconProtocolError(`Bad packet size ${size}`, size > maxSize);
  }
  if (bytes.length < size + 4) return null;
  if (bytes[size + 2] !== 0 || bytes[size + 3] !== 0) {
    throw new RconProtocolError("Packet is not terminated by two NUL bytes");
  }
  // The body may itself contain NULs (the terminator body does), so slice rather than scan.
  const raw = bytes.slice(12, size + 2);
  const packet = {
    id: view.getInt32(4, true),
    type: view.getInt32(8, true),
    body: decoder.decode(raw),
  };
  return { packet, raw, length: size + 4 };
}

/**
 * Frames a TCP byte stream into packets: a read may hold half a packet or several. After a
 * protocol error the stream is unrecoverable (the size prefix is the only frame marker).
 */
export class PacketDecoder {
  private buffer: Uint8Array = new Uint8Array(0);

  constructor(private readonly maxSize: number = MAX_SERVER_PACKET_SIZE) {}

  push(chunk: Uint8Array): RconPacket[] {
    return this.pushFrames(chunk).map((frame) => frame.packet);
  }

  pushFrames(chunk: Uint8Array): RconFrame[] {
    this.buffer = this.buffer.length === 0 ? chunk : concat(this.buffer, chunk);
    const frames: RconFrame[] = [];
    let offset = 0;
    for (;;) {
      const decoded = decodePacket(this.buffer.subarray(offset), this.maxSize);
      if (!decoded) break;
      frames.push({ packet: decoded.packet, raw: decoded.raw });
      offset += decoded.length;
    }
    this.buffer = offset === 0 ? this.buffer : this.buffer.slice(offset);
    return frames;
  }

  get pendingBytes(): number {
    return this.buffer.length;
  }
}

export function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
