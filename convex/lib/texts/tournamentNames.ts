import { DEFAULT_LANGUAGE, type Language } from "../languages";

const UK = {
  teamA: "Команда A",
  teamB: "Команда B",
  player: "Гравець",
} as const;

export type TournamentNameKey = keyof typeof UK;

/**
 * The names a tournament gives before anyone chooses one: its teams until an admin names them,
 * a Steam seat whose Steam name is empty or a bare SteamID. They are stored in the tournament and
 * go, as its data, to every viewer, the game server's team names, MatchZy's config and Discord:
 * one value for all, so it is written in the panel's language (`defaultName`).
 */
export const TOURNAMENT_NAME_TEXTS: Record<Language, Record<TournamentNameKey, string>> = {
  uk: UK,
  en: { teamA: "Team A", teamB: "Team B", player: "Player" },
};

/** A default name in the panel's language. */
export function defaultName(key: TournamentNameKey): string {
  return TOURNAMENT_NAME_TEXTS[DEFAULT_LANGUAGE][key];
}
