/**
 * Wire shapes of the Convex sync protocol as served by this backend (the client side lives in
 * node_modules/convex/src/browser/sync/protocol.ts), plus value and error encoding helpers.
 */
import { convexToJson, type JSONValue, type Value } from "convex/values";

export type Kind = "query" | "mutation" | "action";

export interface AddQuery {
  type: "Add";
  queryId: number;
  udfPath: string;
  args: JSONValue[];
  journal?: string | null;
  componentPath?: string;
}

export type ClientMessage =
  | {
      type: "Connect";
      sessionId: string;
      connectionCount: number;
      maxObservedTimestamp?: string;
    }
  | {
      type: "ModifyQuerySet";
      baseVersion: number;
      newVersion: number;
      modifications: (AddQuery | { type: "Remove"; queryId: number })[];
    }
  | {
      type: "Authenticate";
      tokenType: "User" | "Admin" | "None";
      value?: string;
      baseVersion: number;
      impersonating?: Record<string, unknown>;
    }
  | {
      type: "Mutation" | "Action";
      requestId: number;
      udfPath: string;
      args: JSONValue[];
      componentPath?: string;
    }
  | { type: "Event" };

export type Modification =
  | {
      type: "QueryUpdated";
      queryId: number;
      value: JSONValue;
      logLines: string[];
      journal: string | null;
    }
  | {
      type: "QueryFailed";
      queryId: number;
      errorMessage: string;
      errorData?: JSONValue;
      logLines: string[];
      journal: string | null;
    }
  | { type: "QueryRemoved"; queryId: number };

export interface StateVersion {
  querySet: number;
  identity: number;
  ts: bigint;
}

/** The client decodes `ts` as an 8-byte little-endian u64 in base64 (`longToU64`). */
export function encodeTs(ts: bigint): string {
  const buf = Buffer.alloc(8);
  buf.writeBigUInt64LE(ts);
  return buf.toString("base64");
}

export function decodeTs(encoded: string | undefined): bigint {
  if (!encoded) return 0n;
  const buf = Buffer.from(encoded, "base64");
  return buf.length === 8 ? buf.readBigUInt64LE() : 0n;
}

export function wireVersion(v: StateVersion) {
  return { querySet: v.querySet, identity: v.identity, ts: encodeTs(v.ts) };
}

/** A function's return value on the wire; `undefined` is sent as null like the real backend. */
export function encodeResult(value: Value | undefined): JSONValue {
  return convexToJson(value === undefined ? null : value);
}

export interface EncodedError {
  message: string;
  errorData?: JSONValue;
}

/** ConvexError carries `data`; the client rebuilds a ConvexError only when `errorData` is present. */
export function encodeError(e: unknown): EncodedError {
  if (typeof e === "object" && e !== null && Symbol.for("ConvexError") in e) {
    const err = e as { message: string; data: Value };
    try {
      return { message: err.message, errorData: convexToJson(err.data) };
    } catch {
      return { message: err.message };
    }
  }
  return { message: e instanceof Error ? e.message : String(e) };
}

export function splitUdfPath(udfPath: string): { module: string; name: string } {
  const i = udfPath.lastIndexOf(":");
  const module = i < 0 ? udfPath : udfPath.slice(0, i);
  return { module: module.replace(/\.js$/, ""), name: i < 0 ? "default" : udfPath.slice(i + 1) };
}
