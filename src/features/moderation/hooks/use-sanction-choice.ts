import { useState } from "react";
import { t } from "@/i18n";
import "@/i18n/load/moderation";
import { MAX_SANCTION_MINUTES } from "@/lib/moderation";
import { DEFAULT_BAN_MINUTES } from "../utils/bans";
import type { ModerationSettings } from "@/hooks/use-moderation-settings";
import { durationsFor, type ModerationRole } from "./use-sanctions";

/** The duration select's value for "type the minutes". */
export const CUSTOM = "custom";

/** The longest sanction a role may give from a form, and whether "forever" (0) is allowed. */
export function durationBounds(role: ModerationRole, settings: ModerationSettings) {
  return role === "admin"
    ? { min: 0, max: MAX_SANCTION_MINUTES }
    : { min: 1, max: settings.moderatorMaxMinutes };
}

/**
 * A duration and a reason as the backend allows them for the caller: presets a moderator may
 * give (never "forever", never past their maximum) or a custom number of minutes checked against
 * the same bounds, the maximum named in the message; a preset reason or one's own.
 */
export function useSanctionChoice(
  role: ModerationRole,
  settings: ModerationSettings,
  reasons: string[],
) {
  const durations = durationsFor(role, settings);
  const fallback = durations.includes(DEFAULT_BAN_MINUTES) ? DEFAULT_BAN_MINUTES : durations[0];
  const [choice, setChoice] = useState(fallback === undefined ? CUSTOM : String(fallback));
  const [custom, setCustom] = useState("");
  const [error, setError] = useState<string>();
  const [preset, setPreset] = useState("");
  const [own, setOwn] = useState("");
  const bounds = durationBounds(role, settings);

  /** The chosen minutes, or null with the reason shown under the field. */
  const minutes = (): number | null => {
    if (choice !== CUSTOM) return Number(choice);
    const text = custom.trim();
    const n = /^\d{1,12}$/.test(text) ? Number(text) : NaN;
    if (!Number.isInteger(n) || n < bounds.min || n > bounds.max) {
      setError(
        role === "admin"
          ? t("moderation.duration.invalidAdmin", { max: bounds.max })
          : t("moderation.duration.invalidModerator", { max: bounds.max }),
      );
      return null;
    }
    setError(undefined);
    return n;
  };

  return {
    role,
    durations,
    choice,
    setChoice: (value: string) => {
      setChoice(value);
      setError(undefined);
    },
    custom,
    setCustom,
    error,
    bounds,
    minutes,
    reasons,
    preset,
    setPreset,
    own,
    setOwn,
    /** Free text wins over the preset; a preset defaults to the first one in the list. */
    reason: () => own.trim() || preset || reasons[0] || "",
  };
}

export type SanctionChoice = ReturnType<typeof useSanctionChoice>;
