import type { MessageKey } from "@/i18n";
import "@/i18n/load/common";

export const TAB_IDS = [
  "dashboard",
  "players",
  "admin",
  "moderation",
  "map_ban_pick",
  "random",
  "audit",
  "auth",
] as const;
export type TabId = (typeof TAB_IDS)[number];

export interface TabContext {
  isSignedIn: boolean;
  isAdmin: boolean;
  isModerator?: boolean;
  isGuestAdminEnabled: boolean;
  hasServer: boolean;
}

export interface TabState {
  id: TabId;
  label: MessageKey;
  visible: boolean;
  disabled: boolean;
}

/** Tabs that need a selected server. */
const NEEDS_SERVER: ReadonlySet<TabId> = new Set([
  "dashboard",
  "players",
  "admin",
  "moderation",
  "random",
]);

function isVisible(id: TabId, ctx: TabContext): boolean {
  switch (id) {
    case "dashboard":
    case "players":
    case "map_ban_pick":
      return true;
    case "admin":
      return ctx.isAdmin || ctx.isGuestAdminEnabled;
    case "moderation":
      return ctx.isAdmin || ctx.isModerator === true;
    case "random":
    case "audit":
      return ctx.isAdmin;
    case "auth":
      return !ctx.isSignedIn;
  }
}

/**
 * Which tabs show and which are disabled: dashboard, players and ban/pick always show; dashboard,
 * players, admin, moderation and random need a server; admin shows to admins or while guest-admin
 * is on; moderation to admins and moderators;
 * random and the audit log only to admins; the sign-in tab only to signed-out visitors.
 */
export function computeTabs(ctx: TabContext): TabState[] {
  return TAB_IDS.map((id) => ({
    id,
    label: `tabs.${id}`,
    visible: isVisible(id, ctx),
    disabled: NEEDS_SERVER.has(id) && !ctx.hasServer,
  }));
}

export function isTabId(value: string | null | undefined): value is TabId {
  return (TAB_IDS as readonly (string | null | undefined)[]).includes(value);
}

/** The requested tab if it is shown and enabled, else the dashboard, else the first usable tab. */
export function resolveActiveTab(requested: string | null | undefined, tabs: TabState[]): TabId {
  const usable = tabs.filter((tab) => tab.visible && !tab.disabled);
  const wanted = usable.find((tab) => tab.id === requested);
  if (wanted) return wanted.id;
  return (usable.find((tab) => tab.id === "dashboard") ?? usable[0] ?? tabs[0]!).id;
}
