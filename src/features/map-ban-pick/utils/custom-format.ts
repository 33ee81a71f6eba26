/**
 * The custom format's step sequence as an admin types it ("A ban, B ban, A pick, B side"). Only
 * the shape is checked here; whether it is playable for the pool, the server decides (with its
 * own Ukrainian message).
 */
import { ownValue } from "@/lib/own-key";
import type { Format } from "../hooks/use-tournament";

type Step = Format["sequence"][number];

const ACTIONS: Record<string, Step["action"]> = {
  ban: "Ban",
  бан: "Ban",
  pick: "Pick",
  пік: "Pick",
  вибір: "Pick",
  side: "SidePick",
  сторона: "SidePick",
};

export type ParsedSequence = { ok: true; steps: Step[] } | { ok: false; bad: string };

export function parseSequence(text: string): ParsedSequence {
  const tokens = text
    .split(/[,;\n]+/)
    .map((x) => x.trim())
    .filter(Boolean);
  const steps: Step[] = [];
  for (const token of tokens) {
    const match = /^([abаб])\s*[-:]?\s*(\p{L}+)$/iu.exec(token);
    const action = match ? ownValue(ACTIONS, match[2]!.toLowerCase()) : undefined;
    if (!match || !action) {
      return { ok: false, bad: token.slice(0, 40) };
    }
    const letter = match[1]!.toLowerCase();
    steps.push({ team: letter === "a" || letter === "а" ? "teamA" : "teamB", action });
  }
  return { ok: true, steps };
}

/** What the create form holds for a custom format before it is sent. */
export interface CustomFormat {
  teamSize: number;
  pool: string[];
  sequence: string;
  readyCheck: boolean;
}

export const INITIAL_CUSTOM: CustomFormat = {
  teamSize: 2,
  pool: ["de_ancient", "de_dust2", "de_mirage", "de_train"],
  sequence: "A ban, B ban, A ban, B side",
  readyCheck: true,
};
