import { describe, expect, it } from "vitest";
import { computeTabs, resolveActiveTab, type TabContext, type TabId } from "./tab-rules";

const base: TabContext = {
  isSignedIn: false,
  isAdmin: false,
  isGuestAdminEnabled: false,
  hasServer: true,
};

function visible(ctx: TabContext): TabId[] {
  return computeTabs(ctx)
    .filter((tab) => tab.visible)
    .map((tab) => tab.id);
}

function disabled(ctx: TabContext): TabId[] {
  return computeTabs(ctx)
    .filter((tab) => tab.visible && tab.disabled)
    .map((tab) => tab.id);
}

describe("computeTabs", () => {
  it("anonymous visitor: dashboard, players, ban/pick and sign-in", () => {
    expect(visible(base)).toEqual(["dashboard", "players", "map_ban_pick", "auth"]);
    expect(disabled(base)).toEqual([]);
  });

  it("signed-in non-admin: no sign-in tab, no admin tabs", () => {
    expect(visible({ ...base, isSignedIn: true })).toEqual([
      "dashboard",
      "players",
      "map_ban_pick",
    ]);
  });

  it("moderator: the moderation tab, no admin tabs", () => {
    expect(visible({ ...base, isSignedIn: true, isModerator: true })).toEqual([
      "dashboard",
      "players",
      "moderation",
      "map_ban_pick",
    ]);
  });

  it("admin: admin, moderation, random and audit log too", () => {
    expect(visible({ ...base, isSignedIn: true, isAdmin: true })).toEqual([
      "dashboard",
      "players",
      "admin",
      "moderation",
      "map_ban_pick",
      "random",
      "audit",
    ]);
  });

  it("guest-admin on: the admin tab shows to visitors, random and audit still do not", () => {
    expect(visible({ ...base, isGuestAdminEnabled: true })).toEqual([
      "dashboard",
      "players",
      "admin",
      "map_ban_pick",
      "auth",
    ]);
  });

  it("no server: dashboard, players, admin, moderation and random are disabled", () => {
    const admin = { ...base, isSignedIn: true, isAdmin: true, hasServer: false };
    expect(disabled(admin)).toEqual(["dashboard", "players", "admin", "moderation", "random"]);
    expect(disabled({ ...base, hasServer: false })).toEqual(["dashboard", "players"]);
  });
});

describe("resolveActiveTab", () => {
  it("keeps a usable requested tab", () => {
    expect(resolveActiveTab("players", computeTabs(base))).toBe("players");
  });

  it("falls back to the dashboard for hidden or unknown tabs", () => {
    expect(resolveActiveTab("audit", computeTabs(base))).toBe("dashboard");
    expect(resolveActiveTab("nope", computeTabs(base))).toBe("dashboard");
    expect(resolveActiveTab(null, computeTabs(base))).toBe("dashboard");
  });

  it("without a server, falls back to the first enabled tab", () => {
    expect(resolveActiveTab("players", computeTabs({ ...base, hasServer: false }))).toBe(
      "map_ban_pick",
    );
  });
});
