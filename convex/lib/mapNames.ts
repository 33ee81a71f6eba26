/**
 * CS2 maps by the names people use («Dust II», «Inferno»), from the file name a server reports
 * (`de_dust2`, `workshop/123/aim_map`). Plain functions, so the panel, the stream overlay and the
 * backend's SVG badge name a map the same way.
 */
import { ownValue } from "./ownKey";

/** Human labels for CS2 map names ("de_dust2" → "Dust II"). */
const KNOWN: Record<string, string> = {
  de_dust2: "Dust II",
  de_mirage: "Mirage",
  de_inferno: "Inferno",
  de_nuke: "Nuke",
  de_overpass: "Overpass",
  de_vertigo: "Vertigo",
  de_ancient: "Ancient",
  de_anubis: "Anubis",
  de_train: "Train",
  de_dogtown: "Dogtown",
  de_brewery: "Brewery",
  de_thera: "Thera",
  de_mills: "Mills",
  de_basalt: "Basalt",
  de_edin: "Edin",
  de_palais: "Palais",
  de_whistle: "Whistle",
  de_jura: "Jura",
  de_grail: "Grail",
  de_assembly: "Assembly",
  de_memento: "Memento",
  de_shoots: "Shoots",
  de_baggage: "Baggage",
  de_pool_day: "Pool Day",
  cs_office: "Office",
  cs_italy: "Italy",
  cs_agency: "Agency",
  ar_baggage: "Baggage",
  ar_shoots: "Shoots",
  ar_pool_day: "Pool Day",
};

/** The map's file name without workshop folders: "workshop/123/de_x" → "de_x". */
export function baseMapName(mapName: string): string {
  const parts = mapName.trim().split("/");
  return (parts[parts.length - 1] ?? mapName).toLowerCase();
}

/**
 * Prefixes that say what a community map is for: the label keeps them ("aim_map" is "Aim Map",
 * never just "Map"), the way players name these maps.
 */
const KEPT_PREFIX: Record<string, string> = {
  aim: "Aim",
  awp: "AWP",
  bhop: "Bhop",
  fy: "FY",
  kz: "KZ",
  mg: "MG",
  surf: "Surf",
};

const titleCase = (words: string) =>
  words
    .split(/[_-]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");

export function mapLabel(mapName: string): string {
  const base = baseMapName(mapName);
  if (!base) return mapName;
  const known = ownValue(KNOWN, base);
  if (known) return known;
  const [prefix = "", ...rest] = base.split("_");
  const kept = ownValue(KEPT_PREFIX, prefix);
  if (kept && rest.length > 0) return `${kept} ${titleCase(rest.join("_"))}`;
  return titleCase(base.replace(/^[a-z]{2,4}_/, ""));
}
