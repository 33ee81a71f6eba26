import { describe, expect, it } from "vitest";
import {
  MAX_CLIENT_PACKET_SIZE,
  PacketDecoder,
  RconProtocolError,
  SERVERDATA_AUTH,
  SERVERDATA_RESPONSE_VALUE,
  TERMINATOR_BODY,
  decodePacket,
  encodePacket,
} from "../../convex/gameServer/rconCodec";

const le = (bytes: Uint8Array, at: number) =>
  new DataView(bytes.buffer, bytes.byteOffset).getInt32(at, true);

describe("rcon codec", () => {
  it("encodes an empty packet as 14 bytes with size 10", () => {
    const bytes = encodePacket({ id: 7, type: SERVERDATA_RESPONSE_VALUE, body: "" });
    expect(bytes.length).toBe(14);
    expect(le(bytes, 0)).toBe(10);
    expect(le(bytes, 4)).toBe(7);
    expect(le(bytes, 8)).toBe(0);
    expect([...bytes.subarray(12)]).toEqual([0, 0]);
  });

  it("round-trips ids (including -1), types and UTF-8 bodies", () => {
    for (const packet of [
      { id: -1, type: 2, body: "" },
      { id: 42, type: SERVERDATA_AUTH, body: "pässwörd" },
      { id: 0x7fffffff, type: 0, body: "status\nline two" },
    ]) {
      const bytes = encodePacket(packet);
      expect(decodePacket(bytes)).toMatchObject({ packet, length: bytes.length });
    }
  });

  it("keeps NUL bytes inside a body (the multi-packet terminator)", () => {
    const bytes = encodePacket({ id: 3, type: 0, body: TERMINATOR_BODY });
    expect([...bytes.subarray(12)]).toEqual([0, 1, 0, 0, 0, 0]);
    expect(decodePacket(bytes)?.packet.body).toBe(TERMINATOR_BODY);
  });

  it("returns null until a packet is complete", () => {
    const bytes = encodePacket({ id: 1, type: 2, body: "hello" });
    expect(decodePacket(bytes.subarray(0, 3))).toBeNull();
    expect(decodePacket(bytes.subarray(0, bytes.length - 1))).toBeNull();
  });

  it("rejects sizes below 10 or above the limit", () => {
    const tiny = encodePacket({ id: 1, type: 2, body: "" });
    new DataView(tiny.buffer).setInt32(0, 9, true);
    expect(() => decodePacket(tiny)).toThrow(RconProtocolError);
    const big = encodePacket({ id: 1, type: 2, body: "x".repeat(MAX_CLIENT_PACKET_SIZE) });
    expect(() => decodePacket(big, MAX_CLIENT_PACKET_SIZE)).toThrow(/Bad packet size/);
    const negative = new Uint8Array(14);
    new DataView(negative.buffer).setInt32(0, -5, true);
    expect(() => decodePacket(negative)).toThrow(RconProtocolError);
  });

  it("rejects a packet whose last two bytes are not NUL", () => {
    const bytes = encodePacket({ id: 1, type: 2, body: "ab" });
    bytes[bytes.length - 1] = 0x41;
    expect(() => decodePacket(bytes)).toThrow(/NUL/);
  });

  it("frames a stream fed one byte at a time", () => {
    const a = encodePacket({ id: 1, type: 2, body: "status" });
    const b = encodePacket({ id: 2, type: 0, body: "" });
    const stream = new Uint8Array([...a, ...b]);
    const decoder = new PacketDecoder();
    const out = [];
    for (const byte of stream) out.push(...decoder.push(Uint8Array.of(byte)));
    expect(out).toEqual([
      { id: 1, type: 2, body: "status" },
      { id: 2, type: 0, body: "" },
    ]);
    expect(decoder.pendingBytes).toBe(0);
  });

  it("splits several packets arriving in one chunk and keeps the remainder", () => {
    const parts = [1, 2, 3].map((id) => encodePacket({ id, type: 0, body: `r${id}` }));
    const joined = new Uint8Array([...parts[0]!, ...parts[1]!, ...parts[2]!.subarray(0, 5)]);
    const decoder = new PacketDecoder();
    expect(decoder.push(joined).map((p) => p.id)).toEqual([1, 2]);
    expect(decoder.pendingBytes).toBe(5);
    expect(decoder.push(parts[2]!.subarray(5))).toEqual([{ id: 3, type: 0, body: "r3" }]);
  });

  it("accepts a single reply far above 4096 bytes on the client side", () => {
    const body = "cvar ".repeat(3000);
    const decoder = new PacketDecoder();
    expect(decoder.push(encodePacket({ id: 9, type: 0, body }))[0]?.body).toBe(body);
  });

  it("throws from the stream decoder on a bad size", () => {
    const decoder = new PacketDecoder(MAX_CLIENT_PACKET_SIZE);
    const bad = new Uint8Array(12);
    new DataView(bad.buffer).setInt32(0, 1_000_000, true);
    expect(() => decoder.push(bad)).toThrow(RconProtocolError);
  });
});
