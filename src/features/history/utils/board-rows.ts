import type { BotLine, HistoryLine } from "@/lib/backend-history";

type BotRow = BotLine & { steamId?: undefined };

/** A line of a match's final table: a human's (with a career to open) or a bot's. */
export type BoardRow = HistoryLine | BotRow;

export const isBotRow = (l: BoardRow): l is BotRow => l.steamId === undefined;
