import { describe, expect, test } from "vitest";
import { ACTION_NAMES, PANEL_EVENTS } from "@/lib/catalog";
import { auditActionLabel } from "./audit-labels";

describe("audit labels", () => {
  test("every name the backend can write has a Ukrainian label, never the raw name", () => {
    for (const name of [...ACTION_NAMES, ...PANEL_EVENTS]) {
      const label = auditActionLabel(name);
      expect(label, name).not.toBe(name);
      expect(label.trim().length, name).toBeGreaterThan(0);
    }
  });

  test("a name the backend no longer writes shows as stored", () => {
    expect(auditActionLabel("tournament_reset")).toBe("tournament_reset");
    expect(auditActionLabel("constructor")).toBe("constructor");
  });
});
