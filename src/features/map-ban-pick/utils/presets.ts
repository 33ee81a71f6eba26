/** The backend's veto presets, so the create form sends exactly what the server accepts. */
import { PRESET_NAMES, presetFormat } from "@/lib/catalog";

export type PresetName = (typeof PRESET_NAMES)[number];

export const TOURNAMENT_PRESETS = Object.fromEntries(
  PRESET_NAMES.map((name) => [name, presetFormat(name)]),
) as Record<PresetName, ReturnType<typeof presetFormat>>;
