/**
 * The panel at 360×800 (a small phone) in Chromium against demo mode: the demo admin visits every
 * main tab (dashboard, players, random, map ban/pick, admin) and opens the audit log, the ban list
 * and the settings, and on each screen:
 * - the page never scrolls sideways (the document is no wider than the viewport);
 * - every table's key columns (first and last header cell) are on screen or inside a horizontal
 *   scroll container that itself fits the viewport; such a container keeps a sticky key column in
 *   view, shows a cue at its edge while there is more to see, and scrolling it to the end brings
 *   the last column into view;
 * - the tab strip's last tab is on screen or reachable the same way (scroll container, cue);
 * - on the ban/pick tab, the map cards' badges ("Бан: Команда B") are not clipped.
 */
import { randomUUID } from "node:crypto";
import type { SessionId } from "convex-helpers/server/sessions";
import { ConvexClient } from "convex/browser";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import WebSocket from "ws";
import { api } from "../../convex/_generated/api";
import { chromiumPath, newPage, useDemoEnv } from "./browser";

const WAIT = { timeout: 30_000 };
const SETTLE = { timeout: 10_000 };

const env = useDemoEnv();
let handle: { page: Page; context: BrowserContext } | undefined;

beforeAll(async () => {
  if (!chromiumPath) return;
  // Two bans on server1, so the ban list has a table to lay out.
  const world = env.demo.sim.servers[0]!.world;
  world.bans.add(world.players[0]!.steamId, 60, "mobile layout test");
  world.bans.add("76561198000000001", 0, undefined);
});
afterAll(async () => {
  await handle?.context.close();
});

/**
 * Runs in the page. Returns what is wrong with the horizontal layout (empty: nothing). Scrolls
 * each scroll container to its end to prove the last column/tab is reachable, then back.
 */
function layoutProblems(): string[] {
  const problems: string[] = [];
  const vw = document.documentElement.clientWidth;
  const EPS = 1;
  const label = (el: Element) =>
    `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 30)}"`;
  const inViewport = (r: DOMRect) => r.left >= -EPS && r.right <= vw + EPS;
  const inside = (r: DOMRect, box: DOMRect) =>
    r.left >= box.left - EPS && r.right <= box.right + EPS;
  const visible = (el: Element) => el.getClientRects().length > 0;
  /** The nearest ancestor that scrolls sideways (overflow-x auto/scroll, content wider than it). */
  const scroller = (el: Element): HTMLElement | null => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const overflowX = getComputedStyle(p).overflowX;
      if ((overflowX === "auto" || overflowX === "scroll") && p.scrollWidth > p.clientWidth + EPS) {
        return p;
      }
    }
    return null;
  };
  /** A visible gradient/shadow pseudo-element on the container or its parent: the edge cue. */
  const hasEdgeCue = (box: HTMLElement) =>
    [box, box.parentElement].some(
      (el) =>
        el &&
        ["::before", "::after"].some((pseudo) => {
          const s = getComputedStyle(el, pseudo);
          return (
            s.content !== "none" &&
            s.content !== "normal" &&
            s.display !== "none" &&
            s.visibility !== "hidden" &&
            Number(s.opacity) > 0.5 &&
            (s.backgroundImage !== "none" || s.boxShadow !== "none")
          );
        }),
    );

  const doc = document.documentElement;
  if (doc.scrollWidth > vw + EPS) problems.push(`the page is ${doc.scrollWidth}px wide (${vw}px)`);

  /** `first`/`last` must be on screen, or reachable in a scroll container with a cue. */
  const checkReachable = (what: string, first: Element, last: Element, needsSticky: Element[]) => {
    const box = scroller(last) ?? scroller(first);
    if (!box) {
      for (const el of [first, last]) {
        if (!inViewport(el.getBoundingClientRect())) {
          problems.push(`${what}: ${label(el)} is off-screen and not in a scroll container`);
        }
      }
      return;
    }
    const boxRect = box.getBoundingClientRect();
    if (!inViewport(boxRect)) {
      problems.push(`${what}: its scroll container (${boxRect.left}…${boxRect.right}) overflows`);
    }
    const moreToTheRight = box.scrollLeft + box.clientWidth < box.scrollWidth - EPS;
    if (moreToTheRight && !hasEdgeCue(box)) {
      problems.push(`${what}: has more to the right but no visible cue at the edge`);
    }
    const saved = box.scrollLeft;
    box.scrollLeft = box.scrollWidth;
    const lastRect = last.getBoundingClientRect();
    if (!inside(lastRect, box.getBoundingClientRect()) || !inViewport(lastRect)) {
      problems.push(`${what}: ${label(last)} stays out of view when scrolled to the end`);
    }
    if (needsSticky.length > 0) {
      // Sticky to the left (not only to the top), and still at the container's left edge.
      const boxLeft = box.getBoundingClientRect().left;
      const kept = needsSticky.some((el) => {
        const style = getComputedStyle(el);
        const r = el.getBoundingClientRect();
        return (
          style.position === "sticky" &&
          style.left !== "auto" &&
          r.left <= boxLeft + 2 &&
          r.right > boxLeft + 8
        );
      });
      if (!kept) problems.push(`${what}: no key column stays in view when scrolled sideways`);
    }
    box.scrollLeft = saved;
  };

  document.querySelectorAll("table").forEach((table, i) => {
    if (!visible(table)) return;
    const cells = Array.from(table.tHead?.rows[0]?.cells ?? []);
    const first = cells[0];
    const last = cells[cells.length - 1];
    if (!first || !last) return problems.push(`table ${i}: no header row`);
    const name = `table "${table.caption?.textContent ?? i}"`;
    checkReachable(name, first, last, cells);
  });

  const tabs = Array.from(document.querySelectorAll('[role="tablist"] [role="tab"]'));
  const firstTab = tabs[0];
  const lastTab = tabs[tabs.length - 1];
  if (!firstTab || !lastTab) problems.push("no tab strip");
  else checkReachable("the tab strip", firstTab, lastTab, []);
  return problems;
}

/** Runs in the page: map-card badges whose text is cut off by the badge or the card. */
function clippedMapBadges(): string[] {
  const clipped: string[] = [];
  document.querySelectorAll('[data-testid^="map-"]').forEach((card) => {
    const cardRect = card.getBoundingClientRect();
    const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? "";
      if (!text.startsWith("Бан:") || !node.parentElement) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const textRect = range.getBoundingClientRect();
      const box = node.parentElement.getBoundingClientRect();
      if (
        textRect.right > box.right + 0.5 ||
        textRect.right > cardRect.right + 0.5 ||
        node.parentElement.scrollWidth > node.parentElement.clientWidth + 1
      ) {
        clipped.push(`${card.getAttribute("data-testid")}: "${text}"`);
      }
    }
  });
  return clipped;
}

/**
 * What is wrong on the current screen once it has settled (cues fade in, state updates land):
 * polls until nothing is, and after SETTLE returns what still is, so that one run reports every
 * screen rather than stopping at the first.
 */
async function problemsOn(page: Page): Promise<string[]> {
  try {
    await expect.poll(() => page.evaluate(layoutProblems), SETTLE).toEqual([]);
    return [];
  } catch {
    return await page.evaluate(layoutProblems);
  }
}

async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name, exact: true }).click();
  await expect
    .poll(() => page.getByRole("tab", { name, exact: true }).getAttribute("aria-selected"))
    .toBe("true");
}

async function openDialog(page: Page, button: string, title: string) {
  await page.getByRole("button", { name: button, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: title });
  await dialog.waitFor(WAIT);
  return dialog;
}

async function closeDialog(page: Page) {
  await page.keyboard.press("Escape");
  await page.getByRole("dialog").waitFor({ state: "detached", ...WAIT });
}

/** A tournament in which team A banned Overpass and team B banned Vertigo. */
async function tournamentWithTwoBans() {
  const client = new ConvexClient(env.demo.backend.url, {
    webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
  });
  try {
    const seat = () => randomUUID() as SessionId;
    const [a1, b1, a2, b2] = [seat(), seat(), seat(), seat()];
    const joins = [
      [a1, "teamA", "Alpha"],
      [b1, "teamB", "Bravo"],
      [a2, "teamA", "Charlie"],
      [b2, "teamB", "Delta"],
    ] as const;
    const tournamentId = (await client.query(api.tournament.get, {}))!.id;
    for (const [sessionId, team, nickname] of joins) {
      expect(
        await client.mutation(api.tournament.join, { tournamentId, sessionId, team, nickname }),
      ).toBeNull();
    }
    expect(
      await client.mutation(api.tournament.ban, {
        tournamentId,
        sessionId: a1,
        map: "de_overpass",
        expectedStep: 0,
      }),
    ).toBeNull();
    expect(
      await client.mutation(api.tournament.ban, {
        tournamentId,
        sessionId: b1,
        map: "de_vertigo",
        expectedStep: 1,
      }),
    ).toBeNull();
  } finally {
    await client.close();
  }
}

describe.skipIf(!chromiumPath)("the panel at 360 px", () => {
  test("a visitor's dashboard fits", async () => {
    handle = await newPage(env, { width: 360, height: 800 });
    const { page } = handle;
    await page.goto(env.url);
    await page.getByText("Онлайн", { exact: true }).first().waitFor(WAIT);
    await page.getByTestId("score-ct").waitFor(WAIT);
    expect(await problemsOn(page)).toEqual([]);
  });

  test(
    "the admin's tabs, tables and modals fit or scroll with a cue; map badges are whole",
    { timeout: 300_000 },
    async () => {
      const { page } = handle!;
      await page.getByRole("button", { name: "Увійти", exact: true }).click();
      await page.getByRole("button", { name: "Увійти як адміністратор (демо)" }).click();
      await page.getByText("Авторизація успішна!").waitFor(WAIT);
      await page.getByRole("tab", { name: "Керування" }).waitFor(WAIT);
      // Every screen is checked and the problems reported together.
      const found: Record<string, string[]> = {};
      const check = async (screen: string) => {
        const problems = await problemsOn(page);
        if (problems.length > 0) found[screen] = problems;
      };

      await openTab(page, "Огляд");
      await page.getByTestId("score-ct").waitFor(WAIT);
      await check("dashboard");

      await openTab(page, "Гравці");
      await expect.poll(() => page.locator("tbody tr").count(), WAIT).toBeGreaterThan(3);
      await check("players");

      await openTab(page, "Випадкові гравці");
      await page.getByLabel("Кількість гравців").waitFor(WAIT);
      await check("random");

      // The tournament comes before the admin tab: creating it is the audit log's first entry.
      await openTab(page, "Бан/пік мап");
      await page.getByRole("button", { name: "Створити турнір" }).click();
      await page.getByRole("heading", { name: "Очікуємо команди" }).waitFor(WAIT);
      await tournamentWithTwoBans();
      await page.getByText("Бан: Команда A").waitFor(WAIT);
      await page.getByText("Бан: Команда B").waitFor(WAIT);
      await check("map ban/pick");
      try {
        await expect.poll(() => page.evaluate(clippedMapBadges), SETTLE).toEqual([]);
      } catch {
        found["map ban/pick: clipped badges"] = await page.evaluate(clippedMapBadges);
      }

      await openTab(page, "Керування");
      await page.getByRole("heading", { name: "Обслуговування" }).waitFor(WAIT);
      await check("admin");

      const audit = await openDialog(page, "Журнал аудиту", "Журнал аудиту");
      await audit.locator("tbody tr").first().waitFor(WAIT);
      await check("audit log");
      await closeDialog(page);

      const bans = await openDialog(page, "Список банів", "Список банів");
      await expect.poll(() => bans.locator("tbody tr").count(), WAIT).toBe(2);
      await check("ban list");
      await closeDialog(page);

      const settings = await openDialog(page, "Налаштування", "Налаштування панелі");
      await expect.poll(() => settings.locator("table").count(), WAIT).toBe(2);
      await check("settings");
      await closeDialog(page);

      expect(found).toEqual({});
    },
  );
});
