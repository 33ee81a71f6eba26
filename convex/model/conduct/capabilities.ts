/**
 * What staff do about players' conduct, as declared capabilities (model/capability/define.ts):
 * the conduct settings, the report queue, warnings with their escalation and appeal decisions.
 * Each is gated, its refusals audited, and its rows written with the audit entry.
 */
import { v } from "convex/values";
import { vConductSettings } from "../../lib/conductFields";
import { auditDetails } from "../audit/details";
import { defineCapability } from "../capability/define";
import { cleanConductSettings, writeConductSettings } from "./settings";

export const CONDUCT_CAPABILITIES = {
  /** Admins set chat retention, the warnings' threshold, period and escalation. */
  saveSettings: defineCapability({
    name: "conduct_settings",
    access: "admin",
    args: { settings: vConductSettings },
    returns: v.null(),
    resolve: ({ settings }) => ({ settings: cleanConductSettings(settings) }),
    commit: async (ctx, { settings }) => {
      await writeConductSettings(ctx, settings);
      const s = settings;
      return {
        details: auditDetails(
          s.escalationMode === "apply"
            ? "audit.details.conductSettingsApply"
            : "audit.details.conductSettingsPropose",
          {
            chatDays: s.chatRetentionDays,
            threshold: s.warnThreshold,
            periodDays: s.warnPeriodDays,
            sanction: `${s.escalationKind}:${s.escalationMinutes}`,
          },
        ),
      };
    },
  }),
};
