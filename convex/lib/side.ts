/**
 * A side of a CS2 map: counter-terrorists or terrorists. Every table, wire shape and rule that
 * names one (a tournament's side pick, a recorded player's side, a round's winner, MatchZy's
 * events) uses this validator and these helpers.
 */
import { v, type Infer } from "convex/values";

export const vSide = v.union(v.literal("CT"), v.literal("T"));
export type Side = Infer<typeof vSide>;

export function otherSide(side: Side): Side {
  return side === "CT" ? "T" : "CT";
}
