import { t, type MessageKey } from "@/i18n";
import "@/i18n/load/match";

/**
 * CS2's weapon names as its log writes them (`ak47`, `m4a1_silencer`, `hegrenade`, …), as the game
 * shows them to players (grenades, fire and the knife in the panel's language). An id not listed is shown as it came, with underscores as spaces.
 */
const WEAPON_NAMES = new Map<string, string>([
  ["ak47", "AK-47"],
  ["m4a1", "M4A4"],
  ["m4a4", "M4A4"],
  ["m4a1_silencer", "M4A1-S"],
  ["m4a1_silencer_off", "M4A1-S"],
  ["awp", "AWP"],
  ["ssg08", "SSG 08"],
  ["aug", "AUG"],
  ["sg556", "SG 553"],
  ["famas", "FAMAS"],
  ["galilar", "Galil AR"],
  ["g3sg1", "G3SG1"],
  ["scar20", "SCAR-20"],
  ["mp9", "MP9"],
  ["mac10", "MAC-10"],
  ["mp7", "MP7"],
  ["mp5sd", "MP5-SD"],
  ["ump45", "UMP-45"],
  ["p90", "P90"],
  ["bizon", "PP-Bizon"],
  ["nova", "Nova"],
  ["xm1014", "XM1014"],
  ["sawedoff", "Sawed-Off"],
  ["mag7", "MAG-7"],
  ["m249", "M249"],
  ["negev", "Negev"],
  ["glock", "Glock-18"],
  ["hkp2000", "P2000"],
  ["usp_silencer", "USP-S"],
  ["usp_silencer_off", "USP-S"],
  ["p250", "P250"],
  ["elite", "Dual Berettas"],
  ["fiveseven", "Five-SeveN"],
  ["tec9", "Tec-9"],
  ["cz75a", "CZ75-Auto"],
  ["deagle", "Desert Eagle"],
  ["revolver", "R8 Revolver"],
  ["taser", "Zeus x27"],
]);

/** The ids whose name is a word, worded in the current language (`weapon.<id>` in the dictionary). */
const WORDED = new Set([
  "hegrenade",
  "inferno",
  "molotov",
  "incgrenade",
  "flashbang",
  "smokegrenade",
  "decoy",
  "planted_c4",
  "world",
]);

export function weaponName(id: string): string {
  if (id.startsWith("knife") || id.startsWith("bayonet")) return t("weapon.knife");
  if (WORDED.has(id)) return t(`weapon.${id}` as MessageKey);
  return WEAPON_NAMES.get(id) ?? id.replace(/_/g, " ");
}
