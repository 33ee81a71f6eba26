import { vetoSequence, type Id } from "@/lib/backend";

export const FORMATS = [
  "single_elimination",
  "double_elimination",
  "round_robin",
  "swiss",
] as const;
export type Format = (typeof FORMATS)[number];
export const BEST_OF = ["1", "3", "5"] as const;
export const CLOCKS = ["0", "30", "60", "90", "120"] as const;
const ACTIVE_DUTY = ["de_ancient", "de_anubis", "de_dust2", "de_inferno", "de_mirage", "de_nuke"];

/** The form's fields as typed; numbers stay text until sent, so a cleared field is not 0. */
export interface CupDraft {
  name: string;
  format: Format;
  teamsMax: string;
  seeding: "random" | "manual";
  bestOf: string;
  finalBestOf: string;
  thirdPlace: boolean;
  grandFinalReset: boolean;
  groups: string;
  swissWins: string;
  swissLosses: string;
  teamSize: string;
  pool: string[];
  turnSeconds: string;
  checkInMinutes: string;
  startDelayMinutes: string;
  noShowWalkover: boolean;
  windowFrom: string;
  windowTo: string;
  serverIds: string[];
}

export const INITIAL_DRAFT: CupDraft = {
  name: "",
  format: "single_elimination",
  teamsMax: "8",
  seeding: "random",
  bestOf: "1",
  finalBestOf: "3",
  thirdPlace: false,
  grandFinalReset: true,
  groups: "2",
  swissWins: "3",
  swissLosses: "3",
  teamSize: "5",
  pool: ACTIVE_DUTY,
  turnSeconds: "60",
  checkInMinutes: "15",
  startDelayMinutes: "30",
  noShowWalkover: true,
  windowFrom: "",
  windowTo: "",
  serverIds: [],
};

/** What the backend's `cupAdmin.create` takes, from the draft; the backend checks every bound. */
export function cupSettingsOf(d: CupDraft) {
  const format = d.format;
  const bestOf = Number(d.bestOf) as 1 | 3 | 5;
  const windowOk = d.windowFrom && d.windowTo;
  return {
    name: d.name.trim(),
    bracket: {
      format,
      bestOf,
      finalBestOf: Number(d.finalBestOf) as 1 | 3 | 5,
      ...(format === "single_elimination" ? { thirdPlace: d.thirdPlace } : {}),
      ...(format === "double_elimination" ? { grandFinalReset: d.grandFinalReset } : {}),
      ...(format === "round_robin" ? { groups: Number(d.groups) } : {}),
      ...(format === "swiss"
        ? { swissWins: Number(d.swissWins), swissLosses: Number(d.swissLosses) }
        : {}),
    },
    seeding: d.seeding,
    veto: {
      preset: "custom" as const,
      teamSize: Number(d.teamSize),
      mapPool: d.pool,
      // Each match's best-of gets its own sequence over this pool; this one is the BO of most.
      sequence: d.pool.length >= bestOf ? vetoSequence(d.pool.length, bestOf) : [],
      readyCheck: false,
      turnSeconds: Number(d.turnSeconds),
    },
    serverIds: d.serverIds as Id<"servers">[],
    teamsMax: Number(d.teamsMax),
    checkInMinutes: Number(d.checkInMinutes),
    startDelayMinutes: Number(d.startDelayMinutes),
    noShowWalkover: d.noShowWalkover,
    ...(windowOk
      ? {
          scheduleWindow: {
            from: new Date(d.windowFrom).getTime(),
            to: new Date(d.windowTo).getTime(),
          },
        }
      : {}),
  };
}
