import { isMessageKey, t, type MessageKey } from "@/i18n";
import "@/i18n/load/common";
import { ownValue } from "@/lib/own-key";
import { baseMapName } from "../../convex/lib/mapNames";

export { baseMapName, mapLabel } from "../../convex/lib/mapNames";

const PREFIX_KIND: Record<string, MessageKey> = {
  de: "mapKind.de",
  cs: "mapKind.cs",
  ar: "mapKind.ar",
};

/** Scenario of the map by its prefix (de_ bomb defusal, cs_ hostage, ar_ arms race), if known. */
export function mapKind(mapName: string): string | undefined {
  const prefix = baseMapName(mapName).split("_")[0] ?? "";
  const key = ownValue(PREFIX_KIND, prefix);
  return key ? t(key) : undefined;
}

/** An official map group's name (the catalog's `MAP_GROUPS` ids). */
export function mapGroupLabel(id: string): string {
  const key = `mapGroup.${id}`;
  return isMessageKey(key) ? t(key) : id;
}

/** A game mode's name; a mode the panel does not know (a pushed event's) as written. */
export function gameModeLabel(mode: string): string {
  const key = `mode.${mode}`;
  return isMessageKey(key) ? t(key) : mode;
}
